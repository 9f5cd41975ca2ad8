import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/env.ts';
import { openPostgres } from '../../db/client.ts';
import { announceLeagueChange } from '../../lib/league-events.ts';
import { createLeague } from '../../seed/factories.ts';
import { createMatch, createWeek } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { openStream } from '../../test/live-stream.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

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
    const week = await createWeek(admin, {
      leagueId: league.id,
      weekNumber: 1,
      name: 'S1',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });
    const [t1, t2] = ['Rossi', 'Blu'];
    const matchId = await createMatch(admin, week.id, {
      team1: t1,
      team2: t2,
      date: new Date().toISOString(),
      matchDay: 1,
      matchFormat: 1,
    });
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
        await announceLeagueChange(tx, league.id, 'week');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await db.transaction((tx) => announceLeagueChange(tx, league.id, 'points'));
    await stream.next((e) => e.type === 'points');
    expect(stream.events.map((e) => e.type)).toEqual(['points']);
    await stream.close();
  });

  it('sends one event per league for one transaction, however many places announce its change', async () => {
    const { db, league, viewer } = await world(ctx.app);
    const other = await createLeague(db, { name: `Altra ${league.id.slice(0, 6)}`, type: 'LEC' });
    const mine = await openStream(`${base}/api/leagues/${league.id}/events`, viewer.cookie);
    const theirs = await openStream(`${base}/api/leagues/${other.id}/events`, viewer.cookie);
    const matchId = randomUUID();
    await db.transaction(async (tx) => {
      await announceLeagueChange(tx, league.id, 'points', { matchId });
      // the same again, and one that refetches less about the same match: nothing more
      await announceLeagueChange(tx, league.id, 'points', { matchId });
      await announceLeagueChange(tx, league.id, 'matches', { matchId });
      // another league hears of its own
      await announceLeagueChange(tx, other.id, 'points', { matchId });
      // a savepoint rolled back takes its announcement with it
      await tx
        .transaction(async (sp) => {
          await announceLeagueChange(sp, league.id, 'market');
          throw new Error('undone');
        })
        .catch(() => undefined);
      await announceLeagueChange(tx, league.id, 'market');
      // broader than everything so far: sent; then covered by it
      await announceLeagueChange(tx, league.id, 'league');
      await announceLeagueChange(tx, league.id, 'roster');
      await announceLeagueChange(tx, league.id, 'matches');
    });
    await mine.next((e) => e.type === 'league');
    await theirs.next((e) => e.type === 'points');
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.events.map((e) => [e.type, e.matchId])).toEqual([
      ['points', matchId],
      ['market', undefined],
      ['league', undefined],
    ]);
    expect(theirs.events.map((e) => e.type)).toEqual(['points']);
    // the transaction's time, as in the rows it writes
    expect(new Set(mine.events.map((e) => e.at)).size).toBe(1);
    expect(Date.parse(mine.events[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    await mine.close();
    await theirs.close();
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
