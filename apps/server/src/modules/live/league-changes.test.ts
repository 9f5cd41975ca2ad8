import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { champions, players, rosters } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { leagueWithRosters } from '../../test/admin-fixtures.ts';
import { userAgent } from '../../test/fixtures.ts';
import { type LiveStream, openStream } from '../../test/live-stream.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { updateRoster } from '../admin/rosters/update-roster.ts';
import { importOraclesElixir } from '../imports/oracles-elixir/import-oracles-elixir.ts';
import { LIVE_CHANNEL } from './hub.ts';

let ctx: TestContext;
let base: string;
beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

/** An admin whose user does not exist: its audit row (or ledger row) breaks a foreign key, at the very end. */
const ghost = () => ({ adminUserId: randomUUID(), userAgent: null });

async function stream(leagueId: string) {
  const viewer = await userAgent(ctx.app, ctx.database.db);
  const s = await openStream(`${base}/api/leagues/${leagueId}/events`, viewer.cookie);
  expect(s.res.status).toBe(200);
  return Object.assign(s, { leagueId });
}

const MARKER = 'marker';

/**
 * Every event of the league committed so far: a marker notified now, on the events' channel, reaches the
 * stream after all of them (notifications arrive in commit order); the markers themselves are left out.
 */
async function settled(s: LiveStream & { leagueId: string }) {
  const at = `${MARKER} ${randomUUID().slice(0, 8)}`; // an event's `at` has at most 40 characters
  const marker = JSON.stringify({ type: 'resync', leagueId: s.leagueId, invalidate: [], at });
  await ctx.database.db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${marker})`);
  await s.next((e) => e.at === at);
  return s.events.filter((e) => !e.at.startsWith(MARKER)).map((e) => e.type);
}

/** What `read` finds when the league's first event of `type` reaches this server. */
function readOnEvent<T>(leagueId: string, type: string, read: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = ctx.app.live.onEvent((e) => {
      if (e.leagueId !== leagueId || e.type !== type) return;
      stop();
      read().then(resolve, reject);
    });
  });
}

async function totalOf(rosterId: string) {
  const [r] = await ctx.database.db
    .select({ t: rosters.totalPoints })
    .from(rosters)
    .where(eq(rosters.id, rosterId));
  return Number(r!.t);
}

describe("Oracle's Elixir import", () => {
  const FIXTURE = readFileSync(
    path.resolve(import.meta.dirname, '../../test/fixtures/oracles-elixir-2026.csv'),
  );
  const TEAMS: Record<string, string[]> = {
    'G2 Esports': ['BrokenBlade', 'SkewMond', 'Caps', 'Hans Sama', 'Labrov'],
    Fnatic: ['Oscarinin', 'Razork', 'Humanoid', 'Upset', 'Mikyx'],
    GIANTX: ['Lot', 'Closer', 'Jackies', 'Noah', 'Jun'],
    'Natus Vincere': ['Szygenda', 'Markoon', 'Larssen', 'Comp', 'Trymbi'],
    'Team Heretics': ['Wunder', 'ÉLYOYA', 'Zwyroo', 'Flakked', 'Stend'],
    // the file's jungler Yike is not in the catalogue: the import creates him
    'Karmine Corp': ['Canna', 'Vladi', 'Caliste', 'Targamas'],
  };
  const ROLES = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'] as const;
  const options = (leagueId: string, to?: string) => ({
    leagueId,
    source: 'LEC',
    to,
    dryRun: false,
    teamMap: { Rogue: 'Natus Vincere' },
    includeIncomplete: false,
  });

  it('announces the points it brings once, after its commit; a preview or a failed import announces nothing', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, {
      name: 'LEC Live Import',
      type: 'LEC',
      teams: Object.keys(TEAMS),
    });
    await db
      .insert(players)
      .values(
        Object.entries(TEAMS).flatMap(([team, names]) =>
          names.map((name, i) => ({ name, team, role: ROLES[i]!, tier: 3, cost: 3 })),
        ),
      );
    await db.insert(champions).values({ name: "K'Sante", tier: 3, cost: 3, roles: ['Top'] });
    // a participant holding Caps since New Year's Day: the file's G2 games pay him
    const fan = await userAgent(ctx.app, db);
    const [caps] = await db.select().from(players).where(eq(players.name, 'Caps'));
    const buy = await fan.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/players/${caps!.id}/buy`,
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const [roster] = await db.select().from(rosters).where(eq(rosters.userId, fan.userId));
    await db.execute(
      sql`update roster_players set acquired_at = '2026-01-01' where roster_id = ${roster!.id}`,
    );
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const upload = (query: Record<string, string>) =>
      admin.request({
        method: 'POST',
        url: `/api/admin/leagues/${league.id}/import/oracles-elixir?${new URLSearchParams(query)}`,
        headers: { 'content-type': 'text/csv' },
        payload: FIXTURE,
      });
    const s = await stream(league.id);

    const preview = await upload({ source: 'LEC', teamMap: JSON.stringify({ Rogue: 'Natus Vincere' }) });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().dryRun).toBe(true);
    // the whole import written, then its audit row refused: everything rolls back
    await expect(
      importOraclesElixir(db, ghost(), Readable.from([FIXTURE]), options(league.id, '2026-01-19')),
    ).rejects.toThrow();
    expect(await totalOf(roster!.id)).toBe(0);

    // three series, each moving points match by match, in one transaction: one points event
    const seen = readOnEvent(league.id, 'points', () => totalOf(roster!.id));
    const first = await upload({
      source: 'LEC',
      teamMap: JSON.stringify({ Rogue: 'Natus Vincere' }),
      to: '2026-01-19',
      dryRun: 'false',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().counts).toMatchObject({ matchesCreated: 3, playersCreated: 1 });
    const moved = await totalOf(roster!.id);
    expect(moved).toBeGreaterThan(0);
    const points = await s.next((e) => e.type === 'points');
    expect(points).toMatchObject({
      leagueId: league.id,
      invalidate: expect.arrayContaining(['leaderboard', 'roster', 'matches']),
    });
    expect(points.matchId).toBeUndefined();
    // when the event arrives the points are there to read
    expect(await seen).toBe(moved);
    // and the new player reaches the market
    expect(await settled(s)).toEqual(['points', 'market']);

    // the rest of the file: one more points event
    const rest = await upload({
      source: 'LEC',
      teamMap: JSON.stringify({ Rogue: 'Natus Vincere' }),
      dryRun: 'false',
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().counts.matchesCreated).toBeGreaterThan(0);
    expect(await settled(s)).toEqual(['points', 'market', 'points']);
    await s.close();
  });
});

describe('admin roster edits', () => {
  it('a manual points edit announces the points once it commits; a failed one nothing', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const rosterId = world.members[0]!.roster.id;
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const s = await stream(world.league.id);

    // written, then refused by the ledger's foreign key: rolled back
    await expect(updateRoster(db, ghost(), rosterId, { totalPoints: 99 })).rejects.toThrow();
    expect(await totalOf(rosterId)).toBe(0);

    const seen = readOnEvent(world.league.id, 'points', () => totalOf(rosterId));
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/rosters/${rosterId}`,
      payload: { totalPoints: 15.5, pandaCoin: 20 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const event = await s.next((e) => e.type === 'points');
    expect(event.invalidate).toEqual(expect.arrayContaining(['leaderboard', 'roster']));
    expect(await seen).toBe(15.5);
    // the coins moved in the same change: no second event for them
    expect(await settled(s)).toEqual(['points']);

    const coins = await admin.request({
      method: 'PATCH',
      url: `/api/admin/rosters/${rosterId}`,
      payload: { burroCoin: 3 },
    });
    expect(coins.statusCode, coins.body).toBe(200);
    const roster = await s.next((e) => e.type === 'roster');
    expect(roster.invalidate).toEqual(expect.arrayContaining(['leaderboard', 'roster']));
    expect(await settled(s)).toEqual(['points', 'roster']);
    await s.close();
  });

  it('a holdings edit announces the roster once it commits; a refused one nothing', async () => {
    const db = ctx.database.db;
    const world = await leagueWithRosters(db, 1);
    const rosterId = world.members[0]!.roster.id;
    const player = world.players[0]!;
    const champion = world.champions[0]!;
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const s = await stream(world.league.id);
    const call = (method: 'POST' | 'DELETE', url: string, payload?: object) =>
      admin.request({ method, url: `/api/admin/rosters/${rosterId}${url}`, payload });

    const added = await call('POST', '/players', { playerId: player.id });
    expect(added.statusCode, added.body).toBe(200);
    const event = await s.next((e) => e.type === 'roster');
    expect(event).toMatchObject({
      leagueId: world.league.id,
      invalidate: expect.arrayContaining(['roster', 'leaderboard']),
    });
    expect(await settled(s)).toEqual(['roster']);

    // refused after the roster's lock (already held, not held): rolled back, nothing announced
    const again = await call('POST', '/players', { playerId: player.id });
    expect(again.statusCode).toBe(400);
    const notHeld = await call('DELETE', `/champions/${champion.id}`);
    expect(notHeld.statusCode).toBe(400);
    expect(await settled(s)).toEqual(['roster']);

    const champ = await call('POST', '/champions', { championId: champion.id });
    expect(champ.statusCode, champ.body).toBe(200);
    const removed = await call('DELETE', `/players/${player.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await settled(s)).toEqual(['roster', 'roster', 'roster']);
    await s.close();
  });
});

describe('league settings', () => {
  it('rules text, settings and scoring rules announce the league once they commit; a refused edit nothing', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: `Regole ${randomUUID().slice(0, 6)}`, type: 'LEC' });
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const s = await stream(league.id);

    // refused inside the transaction, after the league's lock
    const refused = await admin.request({
      method: 'PATCH',
      url: `/api/admin/leagues/${league.id}`,
      payload: { startDate: '2026-06-01', endDate: '2026-05-01' },
    });
    expect(refused.statusCode).toBe(400);

    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/leagues/${league.id}`,
      payload: { rulesText: 'Niente scambi dopo le 18.' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const event = await s.next((e) => e.type === 'league');
    expect([...event.invalidate].sort()).toEqual(['leaderboard', 'market', 'matches', 'roster']);
    expect(await settled(s)).toEqual(['league']);

    const rules = (
      await admin.request({ method: 'GET', url: `/api/admin/scoring-rules/league/${league.id}` })
    ).json().rules;
    const own = await admin.request({
      method: 'PUT',
      url: `/api/admin/scoring-rules/league/${league.id}`,
      payload: { ...rules, killPoints: rules.killPoints + 1 },
    });
    expect(own.statusCode, own.body).toBe(200);
    const dropped = await admin.request({
      method: 'DELETE',
      url: `/api/admin/scoring-rules/league/${league.id}`,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    // the league follows the global rules again: a change of them reaches it too
    const global = await admin.request({ method: 'PUT', url: '/api/admin/scoring-rules', payload: rules });
    expect(global.statusCode, global.body).toBe(200);
    expect(await settled(s)).toEqual(['league', 'league', 'league', 'league']);
    await s.close();
  });
});
