import { rewardTier } from '@fantarift/core';
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

    // restoring day 1 brings back its points and coins, through ledger rows and adjustments
    const restore = await admin.request({
      method: 'POST',
      url: '/api/admin/leaderboard-history/restore',
      payload: { leagueId: league.id, date: today, mode: 'all' },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it('snapshot restore round-trip', async () => {
    const s = await leagueWith([42.5, 17]);
    const before = await s.db.select().from(rosters).where(eq(rosters.leagueId, s.league.id));
    const takenAt = new Date();
    await s.db.insert(rosterSnapshots).values(
      before.map((r) => ({
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
