import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openPostgres } from '../../db/client.ts';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';
import type { LiveEvent } from './hub.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** An open text/event-stream, read as a browser's EventSource would. */
async function openStream(url: string, cookie: string | undefined) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: abort.signal });
  const events: LiveEvent[] = [];
  let text = '';
  let waiter: (() => void) | undefined;
  const pump = (async () => {
    if (!res.body || res.status !== 200) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        text += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const frame = text.slice(0, end);
          text = text.slice(end + 2);
          const data = frame
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (data) events.push(JSON.parse(data) as LiveEvent);
          end = text.indexOf('\n\n');
        }
        waiter?.();
      }
    } catch {
      // aborted by the test
    }
  })();
  return {
    res,
    events,
    async next(predicate: (e: LiveEvent) => boolean, timeoutMs = 3000): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          waiter = resolve;
          setTimeout(resolve, Math.min(left, 50));
        });
      }
    },
    async close() {
      abort.abort();
      await pump;
    },
  };
}

async function world(app: FastifyInstance) {
  const db = ctx.database.db;
  const league = await createLeague(db, {
    name: `Live ${Math.random().toString(36).slice(2, 8)}`,
    type: 'LEC',
    teams: ['Rossi', 'Blu'],
  });
  const admin = await userAgent(app, db, { isAdmin: true });
  const viewer = await userAgent(app, db);
  return { db, league, admin, viewer };
}

describe('GET /api/leagues/:leagueId/events', () => {
  it('streams server-sent events with a retry delay, and refuses strangers and unknown leagues', async () => {
    const { league, viewer } = await world(ctx.app);
    const stream = await openStream(`${base}/api/leagues/${league.id}/events`, viewer.cookie);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.res.headers.get('cache-control')).toContain('no-cache');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    await stream.close();

    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/leagues/${league.id}/events` });
    expect(anonymous.statusCode).toBe(401);
    const unknown = await viewer.request({
      method: 'GET',
      url: '/api/leagues/00000000-0000-4000-8000-000000000000/events',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Lega Non Trovata');
  });

  it('delivers a market toggle to the subscribers of that league only, and forgets closed streams', async () => {
    const { league, admin, viewer } = await world(ctx.app);
    const other = await createLeague(ctx.database.db, {
      name: `Altra ${league.id.slice(0, 6)}`,
      type: 'LEC',
    });
    const mine = await openStream(`${base}/api/leagues/${league.id}/events`, viewer.cookie);
    const theirs = await openStream(`${base}/api/leagues/${other.id}/events`, viewer.cookie);
    await expect.poll(() => ctx.app.live.size).toBeGreaterThanOrEqual(2);

    const toggle = await admin.request({
      method: 'PUT',
      url: `/api/admin/leagues/${league.id}/market`,
      payload: { open: true },
    });
    expect(toggle.statusCode, toggle.body).toBe(200);
    const event = await mine.next((e) => e.type === 'market');
    expect(event).toMatchObject({ leagueId: league.id, invalidate: expect.arrayContaining(['market']) });

    // the other league's stream hears nothing of it
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.events).toEqual([]);

    const before = ctx.app.live.size;
    await mine.close();
    await theirs.close();
    await expect.poll(() => ctx.app.live.size).toBe(before - 2);
  });

  it('announces completed and deleted matches as points changes, after they commit', async () => {
    const { league, admin, viewer } = await world(ctx.app);
    const stream = await openStream(`${base}/api/leagues/${league.id}/events`, viewer.cookie);
    const week = await admin.request({
      method: 'POST',
      url: '/api/admin/weeks',
      payload: {
        leagueId: league.id,
        weekNumber: 1,
        name: 'S1',
        startDate: '2026-01-01',
        endDate: '2026-12-31',
      },
    });
    expect(week.statusCode, week.body).toBe(201);
    const [t1, t2] = ['Rossi', 'Blu'];
    const match = await admin.request({
      method: 'POST',
      url: `/api/admin/weeks/${week.json().week.id}/matches`,
      payload: { team1: t1, team2: t2, date: new Date().toISOString(), matchDay: 1, matchFormat: 1 },
    });
    expect(match.statusCode, match.body).toBe(201);
    const matchId = match.json().match.id as string;
    await stream.next((e) => e.type === 'matches' && e.matchId === matchId);

    const status = await admin.request({
      method: 'PATCH',
      url: `/api/admin/matches/${matchId}/status`,
      payload: { completed: true },
    });
    expect(status.statusCode, status.body).toBe(200);
    const points = await stream.next((e) => e.type === 'points' && e.matchId === matchId);
    expect(points.invalidate).toEqual(expect.arrayContaining(['leaderboard', 'roster', 'matches']));

    const removed = await admin.request({ method: 'DELETE', url: `/api/admin/matches/${matchId}` });
    expect(removed.statusCode, removed.body).toBe(200);
    await stream.next((e) => e.type === 'points' && e.matchId === matchId && e !== points);
    await stream.close();
  });

  it('sends nothing for a transaction that rolls back, the event once it commits', async () => {
    const { db, league, viewer } = await world(ctx.app);
    const stream = await openStream(`${base}/api/leagues/${league.id}/events`, viewer.cookie);
    await expect(
      db.transaction(async (tx) => {
        await ctx.app.live.publishLeagueEvent(league.id, { type: 'week' }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction((tx) => ctx.app.live.publishLeagueEvent(league.id, { type: 'points' }, tx));
    await stream.next((e) => e.type === 'points');
    expect(stream.events.map((e) => e.type)).toEqual(['points']);
    await stream.close();
  });

  it.runIf(isPostgresServer())(
    'reaches a subscriber of a second server instance on the same database (LISTEN/NOTIFY)',
    async () => {
      const { league, admin, viewer } = await world(ctx.app);
      const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
      const second = openPostgres(pool.options.connectionString!, 2);
      const config = loadConfig({
        NODE_ENV: 'test',
        APP_URL: 'http://fantarift.test',
        WEB_DIST: '/nonexistent',
      });
      const other = await buildApp({ config, database: second, logger: false });
      try {
        await other.listen({ port: 0, host: '127.0.0.1' });
        const otherBase = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
        const stream = await openStream(`${otherBase}/api/leagues/${league.id}/events`, viewer.cookie);
        const toggle = await admin.request({
          method: 'PUT',
          url: `/api/admin/leagues/${league.id}/market`,
          payload: { open: true },
        });
        expect(toggle.statusCode, toggle.body).toBe(200);
        await stream.next((e) => e.type === 'market' && e.leagueId === league.id);
        await stream.close();
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});
