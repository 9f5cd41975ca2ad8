import { randomUUID } from 'node:crypto';
import { MESSAGES, rewardTier } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterSnapshots, rosters, weeks } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { ledgerViolations, marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { historicalLeaderboard } from './recovery.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** A league with n joined rosters and given totals, and week 1. */
async function leagueWith(totals: number[]) {
  const db = ctx.database.db;
  const league = await createLeague(db, {
    name: `Premi ${Math.random().toString(36).slice(2, 8)}`,
    type: 'LEC',
  });
  const users = [];
  for (const [i, points] of totals.entries()) {
    const u = await userAgent(ctx.app, db, {
      username: `p${String(i).padStart(2, '0')}_${league.id.slice(0, 6)}`,
    });
    await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    await db.update(rosters).set({ totalPoints: points }).where(eq(rosters.userId, u.userId));
    users.push(u);
  }
  const [week] = await db
    .insert(weeks)
    .values({
      leagueId: league.id,
      weekNumber: 1,
      name: 'Settimana 1',
      startDate: '2026-03-01',
      endDate: '2026-03-08',
    })
    .returning();
  const admin = await userAgent(ctx.app, db, { isAdmin: true });
  return { db, league, users, week: week!, admin };
}

const burro = async (userId: string) =>
  (await ctx.database.db.select().from(rosters).where(eq(rosters.userId, userId)))[0]!.burroCoin;

describe('weekly rewards', () => {
  it('23 rosters with ties get the tiers of the table', async () => {
    const totals = [90, 80, 80, 70, 60, 60, 60, 50, 40, 30, 30, 20, 20, 20, 15, 10, 10, 5, 5, 4, 3, 2, 0];
    const s = await leagueWith(totals);
    const preview = await s.admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/calculate',
      payload: { leagueId: s.league.id, weekNumber: 1 },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as { position: number; rewardTier: string; rewardAmount: number }[];
    // positions with ties: 1, 2, 2, 4, 5, 5, 5, 8, 9, 10, 10, 12, 12, 12, 15, 16, 16, 18, 18, 20, 21, 22, 23
    expect(rows.map((r) => r.position)).toEqual([
      1, 2, 2, 4, 5, 5, 5, 8, 9, 10, 10, 12, 12, 12, 15, 16, 16, 18, 18, 20, 21, 22, 23,
    ]);
    // Top 3 = 7 (positions 1–3), Top 10 = 5 (4–10), Top Half = 4 (11–12, ceil(23/2) = 12), Bottom Half = 3
    expect(rows.map((r) => r.rewardAmount)).toEqual([
      7, 7, 7, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    ]);
    expect(rows.map((r) => r.rewardTier)).toEqual(rows.map((r) => rewardTier(r.position, 23).tier));
    expect(preview.json().total).toBe(rows.reduce((a, r) => a + r.rewardAmount, 0));
    // the preview writes nothing
    expect(await burro(s.users[0]!.userId)).toBe(8);

    const dist = await s.admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/distribute',
      payload: { leagueId: s.league.id, weekNumber: 1 },
    });
    expect(dist.statusCode, dist.body).toBe(200);
    expect(await burro(s.users[0]!.userId)).toBe(15);
    expect(await burro(s.users[22]!.userId)).toBe(11);
    const again = await s.admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/distribute',
      payload: { leagueId: s.league.id, weekNumber: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Rewards for this week have already been distributed');
    expect(await ledgerViolations(s.db)).toEqual([]);

    // the participant sees the reward in the history
    const mine = (
      await s.users[3]!.request({ method: 'GET', url: `/api/leagues/${s.league.id}/my-rewards` })
    ).json();
    expect(mine.rewards).toEqual([
      expect.objectContaining({ weekNumber: 1, userPosition: 4, rewardTier: 'Top 10', rewardAmount: 5 }),
    ]);
  });

  it('two distributions of the same week in parallel: exactly one succeeds', async () => {
    const s = await leagueWith([10, 5, 1]);
    const responses = await Promise.all(
      [0, 1].map(() =>
        s.admin.request({
          method: 'POST',
          url: '/api/admin/weekly-rewards/distribute',
          payload: { leagueId: s.league.id, weekNumber: 1 },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const count = await s.db.execute(
      sql`select count(*)::int as n from weekly_burrocoin_rewards where league_id = ${s.league.id}`,
    );
    expect(count.rows[0]).toEqual({ n: 3 });
    expect(await ledgerViolations(s.db)).toEqual([]);
  });

  it('editing a distributed amount moves the balance by the difference', async () => {
    const s = await leagueWith([10, 5]);
    await s.admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/distribute',
      payload: { leagueId: s.league.id, weekNumber: 1 },
    });
    const list = (
      await s.admin.request({ method: 'GET', url: `/api/admin/weekly-rewards?leagueId=${s.league.id}` })
    ).json();
    const first = list.weeks[0].rows[0];
    expect(await burro(s.users[0]!.userId)).toBe(15);
    const edit = await s.admin.request({
      method: 'PATCH',
      url: `/api/admin/weekly-rewards/${first.id}`,
      payload: { rewardAmount: 2 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await burro(s.users[0]!.userId)).toBe(10);
    const bad = await s.admin.request({
      method: 'PATCH',
      url: `/api/admin/weekly-rewards/${first.id}`,
      payload: { rewardAmount: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(await ledgerViolations(s.db)).toEqual([]);
  });

  it('Close & Distribute closes the week once, with the threshold bonus', async () => {
    const s = await leagueWith([30, 12, 3]);
    // week points: the first two reach the threshold of 10 and earn 1 extra Burro Coin
    const ids = (await s.db.select().from(rosters).where(eq(rosters.leagueId, s.league.id))).sort(
      (a, b) => b.totalPoints - a.totalPoints,
    );
    await s.db.execute(sql`
      insert into roster_week_points (roster_id, week_id, points) values
      (${ids[0]!.id}, ${s.week.id}, 30), (${ids[1]!.id}, ${s.week.id}, 10), (${ids[2]!.id}, ${s.week.id}, 3)`);
    const close = await s.admin.request({ method: 'POST', url: `/api/admin/weeks/${s.week.id}/close` });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toEqual({
      totalDistributed: 7 * 3 + 2,
      participantsCount: 3,
      alreadyPaid: false,
      message: 'Settimana chiusa con successo! Distribuiti 23 Burrocoin a 3 partecipanti.',
    });
    expect(await burro(s.users[0]!.userId)).toBe(8 + 7 + 1);
    expect(await burro(s.users[2]!.userId)).toBe(8 + 7);
    const [week] = await s.db.select().from(weeks).where(eq(weeks.id, s.week.id));
    expect(week).toMatchObject({ isClosed: true, rewardsDistributed: true });
    const again = await s.admin.request({ method: 'POST', url: `/api/admin/weeks/${s.week.id}/close` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Questa settimana è già stata chiusa');
    const audit = await s.db.execute(
      sql`select action from admin_audit_log where record_id = ${s.week.id} and action = 'CLOSE_WEEK_AND_DISTRIBUTE_REWARDS'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(await ledgerViolations(s.db)).toEqual([]);
  });
});

describe('leaderboard recovery', () => {
  it('historical extraction at past moments equals the leaderboard that was live then', async () => {
    const db = ctx.database.db;
    const { league, players, champions } = await marketWorld(db);
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const [a, b] = [await userAgent(ctx.app, db), await userAgent(ctx.app, db)];
    const live = async () =>
      (await a.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard` }))
        .json()
        .entries.map(
          (e: {
            username: string;
            totalPoints: number;
            pandaCoin: number;
            burroCoin: number;
            position: number;
          }) => ({
            position: e.position,
            username: e.username,
            totalPoints: e.totalPoints,
            pandaCoin: e.pandaCoin,
            burroCoin: e.burroCoin,
          }),
        );
    const history = async (at: Date) =>
      (await historicalLeaderboard(db, league.id, at)).map(({ rosterId: _r, ...row }) => row);
    const pause = () => new Promise((r) => setTimeout(r, 15));

    // day 1: both join and trade
    await a.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${players[0]!.id}/buy` });
    await b.request({ method: 'POST', url: `/api/leagues/${league.id}/champions/${champions[2]!.id}/buy` });
    await pause();
    const day1 = { at: new Date(), board: await live() };
    await pause();

    // day 2: a match is scored, more trades, an admin edit of the points
    const week = (
      await admin.request({
        method: 'POST',
        url: '/api/admin/weeks',
        payload: {
          leagueId: league.id,
          weekNumber: 1,
          name: 'W1',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
        },
      })
    ).json().week;
    const [t1, t2] = [players[0]!.team, players.find((p) => p.team !== players[0]!.team)!.team];
    const match = (
      await admin.request({
        method: 'POST',
        url: `/api/admin/weeks/${week.id}/matches`,
        payload: { team1: t1, team2: t2, date: new Date().toISOString(), matchFormat: 1 },
      })
    ).json().match;
    const save = await admin.request({
      method: 'PUT',
      url: `/api/admin/matches/${match.id}/statistics`,
      payload: {
        gamesPlayed: 1,
        winner: t1,
        games: [
          {
            gameNumber: 1,
            winner: t1,
            players: players
              .filter((p) => p.team === t1 || p.team === t2)
              .map((p) => ({
                playerId: p.id,
                kills: p.id === players[0]!.id ? 4 : 0,
                deaths: 1,
                assists: 2,
                cs: 100,
              })),
            objectives: [{ teamName: t1, towers: 5 }, { teamName: t2 }],
          },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    await b.request({ method: 'POST', url: `/api/leagues/${league.id}/champions/${champions[2]!.id}/sell` });
    await pause();
    const day2 = { at: new Date(), board: await live() };
    await pause();

    // day 3: rewards distributed
    await admin.request({ method: 'POST', url: `/api/admin/weeks/${week.id}/close` });
    await pause();
    const day3 = { at: new Date(), board: await live() };

    expect(day2.board).not.toEqual(day1.board);
    expect(await history(day1.at)).toEqual(day1.board);
    expect(await history(day2.at)).toEqual(day2.board);
    expect(await history(day3.at)).toEqual(day3.board);

    // the same through the API, as CSV, for today
    const today = new Date().toISOString().slice(0, 10);
    const csv = await admin.request({
      method: 'GET',
      url: `/api/admin/leaderboard-history?leagueId=${league.id}&date=${today}&format=csv`,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('posizione,utente,punti_totali,panda_coin,burro_coin');

    // the end of today is now: the rosters are already as they were then, and the restore says so
    for (const path of ['restore-preview', 'restore']) {
      const restore = await admin.request({
        method: 'POST',
        url: `/api/admin/leaderboard-history/${path}`,
        payload: { leagueId: league.id, date: today, mode: 'all' },
      });
      expect(restore.statusCode, restore.body).toBe(409);
      expect(restore.json()).toMatchObject({
        code: 'NOTHING_TO_RESTORE',
        message: MESSAGES.recovery.nothingToRestore,
      });
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('snapshot restore round-trip', async () => {
    const s = await leagueWith([42.5, 17]);
    const before = await s.db.select().from(rosters).where(eq(rosters.leagueId, s.league.id));
    const takenAt = new Date();
    const batchId = randomUUID();
    await s.db.insert(rosterSnapshots).values(
      before.map((r) => ({
        batchId,
        leagueId: s.league.id,
        userId: r.userId,
        rosterId: r.id,
        username: r.username,
        phaseName: 'Regular Season',
        snapshotDate: takenAt,
        snapshotType: 'phase_change',
        rosterData: { total_points: r.totalPoints, panda_coin: r.pandaCoin, burro_coin: r.burroCoin },
      })),
    );
    // things change: rewards, points
    await s.admin.request({
      method: 'POST',
      url: '/api/admin/weekly-rewards/distribute',
      payload: { leagueId: s.league.id, weekNumber: 1 },
    });
    await s.db.update(rosters).set({ totalPoints: 99 }).where(eq(rosters.leagueId, s.league.id));
    const list = (
      await s.admin.request({ method: 'GET', url: `/api/admin/snapshots?leagueId=${s.league.id}` })
    ).json();
    expect(list.snapshots).toHaveLength(2);
    const restore = await s.admin.request({
      method: 'POST',
      url: `/api/admin/snapshots/${list.snapshots[0].id}/restore`,
      payload: { mode: 'all' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json().restored).toBe(2);
    const after = await s.db.select().from(rosters).where(eq(rosters.leagueId, s.league.id));
    const view = (rs: typeof after) =>
      rs
        .map((r) => ({
          id: r.id,
          totalPoints: r.totalPoints,
          pandaCoin: r.pandaCoin,
          burroCoin: r.burroCoin,
        }))
        .sort((x, y) => x.id.localeCompare(y.id));
    expect(view(after)).toEqual(view(before));
    expect(await ledgerViolations(s.db)).toEqual([]);
  });
});

describe('restoring the snapshot a phase activation took', () => {
  /**
   * Two members of a league, one holding a player bought just before a phase activation (within the
   * millisecond of its moment), and the snapshot the activation took of both, through the admin route.
   */
  async function activated() {
    const db = ctx.database.db;
    const { league, players } = await marketWorld(db);
    const admin = await userAgent(ctx.app, db, { isAdmin: true });
    const [a, b] = [await userAgent(ctx.app, db), await userAgent(ctx.app, db)];
    for (const u of [a, b]) {
      expect((await u.request({ method: 'POST', url: `/api/leagues/${league.id}/join` })).statusCode).toBe(
        201,
      );
    }
    const [held, bought] = [players[0]!, players[1]!];
    const buy = await a.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${held.id}/buy` });
    expect(buy.statusCode, buy.body).toBe(200);
    const phases = (
      await admin.request({ method: 'GET', url: `/api/admin/leagues/${league.id}/phases` })
    ).json().phases as { id: string; isCurrent: boolean }[];
    const next = phases.find((p) => !p.isCurrent)!;
    const activation = await admin.request({
      method: 'POST',
      url: `/api/admin/leagues/${league.id}/phases/${next.id}/activate`,
    });
    expect(activation.statusCode, activation.body).toBe(200);
    expect(activation.json().snapshotsCreated, activation.body).toBe(2);
    // PostgreSQL's clock gives the activation's moment microseconds, PGlite's only milliseconds: the
    // moment is set to the same microseconds within its millisecond on both, and the player to have been
    // bought 100 µs before it
    await db.execute(sql`
      update roster_snapshots set snapshot_date = date_trunc('milliseconds', snapshot_date) + interval '456 microseconds'
      where league_id = ${league.id}`);
    await db.execute(sql`
      update roster_players set acquired_at = (
        select max(snapshot_date) - interval '100 microseconds' from roster_snapshots where league_id = ${league.id})
      where league_id = ${league.id}`);
    await new Promise((r) => setTimeout(r, 5));
    const rosterOf = async (userId: string) =>
      (await db.select().from(rosters).where(eq(rosters.userId, userId)))[0]!;
    const snapshot = (
      await admin.request({ method: 'GET', url: `/api/admin/snapshots?leagueId=${league.id}` })
    ).json().snapshots[0] as { id: string; batchId: string };
    return { db, league, admin, a, b, held, bought, rosterOf, snapshot };
  }

  it('brings back the points, coins and holdings of every roster of the batch, previewed in both modes', async () => {
    const { db, league, admin, a, b, held, bought, rosterOf, snapshot } = await activated();
    const then = { a: await rosterOf(a.userId), b: await rosterOf(b.userId) };
    expect(then.a).toMatchObject({ totalPoints: 0, pandaCoin: 15 - held.cost, playerCount: 1 });
    // since: a sells the player and is given 42.50 points, b buys another
    await a.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${held.id}/sell` });
    await b.request({ method: 'POST', url: `/api/leagues/${league.id}/players/${bought.id}/buy` });
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/rosters/${then.a.id}`,
      payload: { totalPoints: 42.5 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const preview = async (mode: 'all' | 'points') => {
      const res = await admin.request({
        method: 'POST',
        url: `/api/admin/snapshots/${snapshot.id}/restore-preview`,
        payload: { mode },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect((await preview('points')).changes).toEqual([
      expect.objectContaining({
        rosterId: then.a.id,
        totalPoints: { from: 42.5, to: 0 },
        pandaCoin: { from: 15, to: 15 },
      }),
    ]);
    const all = await preview('all');
    expect(all.restored).toBe(2);
    expect(all.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rosterId: then.a.id,
          totalPoints: { from: 42.5, to: 0 },
          pandaCoin: { from: 15, to: 15 - held.cost },
          playersAdded: [held.name],
          playersRemoved: [],
        }),
        expect.objectContaining({
          rosterId: then.b.id,
          pandaCoin: { from: 15 - bought.cost, to: 15 },
          playersAdded: [],
          playersRemoved: [bought.name],
        }),
      ]),
    );

    const restore = await admin.request({
      method: 'POST',
      url: `/api/admin/snapshots/${snapshot.id}/restore`,
      payload: { mode: 'all' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(restore.json()).toMatchObject({ restored: 2, message: MESSAGES.recovery.restored(2) });
    for (const [now, was] of [
      [await rosterOf(a.userId), then.a],
      [await rosterOf(b.userId), then.b],
    ] as const) {
      expect(now).toMatchObject({
        totalPoints: was.totalPoints,
        pandaCoin: was.pandaCoin,
        burroCoin: was.burroCoin,
        playerCount: was.playerCount,
        championCount: was.championCount,
      });
    }
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('says there is nothing to restore, in both modes, instead of reporting a restore', async () => {
    const { db, league, admin, a, rosterOf, snapshot } = await activated();
    const before = await rosterOf(a.userId);
    for (const [mode, message] of [
      ['all', MESSAGES.recovery.nothingToRestore],
      ['points', MESSAGES.recovery.nothingToRestorePoints],
    ] as const) {
      for (const path of ['restore-preview', 'restore']) {
        const res = await admin.request({
          method: 'POST',
          url: `/api/admin/snapshots/${snapshot.id}/${path}`,
          payload: { mode },
        });
        expect(res.statusCode, `${path} ${mode}: ${res.body}`).toBe(409);
        expect(res.json()).toMatchObject({ code: 'NOTHING_TO_RESTORE', message });
      }
    }
    expect(await rosterOf(a.userId)).toEqual(before);

    // a snapshot none of whose rosters is still in the league
    await db.delete(rosters).where(eq(rosters.leagueId, league.id));
    const gone = await admin.request({
      method: 'POST',
      url: `/api/admin/snapshots/${snapshot.id}/restore-preview`,
      payload: { mode: 'all' },
    });
    expect(gone.statusCode, gone.body).toBe(404);
    expect(gone.json()).toMatchObject({
      code: 'NOTHING_TO_RESTORE',
      message: MESSAGES.recovery.snapshotRostersGone,
    });
  });
});
