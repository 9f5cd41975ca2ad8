import { nextMarketDeadline } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, rosterWeekPoints, weeks } from '../../db/schema.ts';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { openRoster } from '../rosters/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 3600_000;
const tag = () => Math.random().toString(36).slice(2, 8);
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 24 * HOUR).toISOString().slice(0, 10);

/** A league with `n` participants and `weekCount` started weeks of random stored points (plus one future week). */
async function scoredLeague(
  n: number,
  weekCount: number,
  league: Parameters<typeof createLeague>[1] | null = null,
) {
  const db = ctx.database.db;
  const l = await createLeague(
    db,
    league ?? { name: `Storia ${tag()}`, type: 'LEC', teams: ['Rossi', 'Blu'] },
  );
  const users = [];
  for (let i = 0; i < n; i++) users.push(await userAgent(ctx.app, db));
  const rosterIds: string[] = [];
  for (const u of users) {
    const roster = await db.transaction((tx) =>
      openRoster(tx, { userId: u.userId, leagueId: l.id, leagueType: 'LEC' }),
    );
    rosterIds.push(roster!.id);
  }
  const weekRows = await db
    .insert(weeks)
    .values(
      Array.from({ length: weekCount + 1 }, (_, i) => ({
        leagueId: l.id,
        weekNumber: i + 1,
        name: `Settimana ${i + 1}`,
        // started weeks lie in the past; the last one starts tomorrow
        startDate: i < weekCount ? day(-7 * (weekCount - i)) : day(1),
        endDate: i < weekCount ? day(-7 * (weekCount - i) + 6) : day(8),
      })),
    )
    .returning();
  // small integers and halves with many ties; some rosters have no row in some weeks (0 points)
  const points: number[][] = rosterIds.map(() =>
    weekRows.map((_, w) =>
      w < weekCount && Math.random() < 0.8 ? Math.floor(Math.random() * 9) / 2 - 1 : 0,
    ),
  );
  const rows = rosterIds.flatMap((rosterId, r) =>
    weekRows.flatMap((w, i) =>
      points[r]![i] !== 0 ? [{ rosterId, weekId: w.id, points: points[r]![i]! }] : [],
    ),
  );
  if (rows.length) await db.insert(rosterWeekPoints).values(rows);
  await db.execute(sql`
    update rosters r set total_points = coalesce((select sum(points) from roster_week_points p where p.roster_id = r.id), 0)
    where r.league_id = ${l.id}`);
  return { league: l, users, rosterIds, points, weekRows };
}

/** Competition rank of `mine` among `all` (1 + how many are strictly higher). */
const rankOf = (mine: number, all: number[]) => 1 + all.filter((v) => v > mine + 1e-9).length;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('GET /api/leagues/:leagueId/deadline', () => {
  it('is the next automatic block or the next match start, whichever comes first', async () => {
    const db = ctx.database.db;
    const now = new Date();
    // a daily window that starts 3 hours from now (UTC), lasting one hour
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const blockStart = new Date(Math.ceil((now.getTime() + 3 * HOUR) / 60_000) * 60_000);
    const league = await createLeague(db, {
      name: `Scadenza ${tag()}`,
      type: 'LEC',
      teams: ['Rossi', 'Blu'],
      marketBlockTimezone: 'UTC',
      marketBlockStartTime: hhmm(blockStart),
      marketBlockEndTime: hhmm(new Date(blockStart.getTime() + HOUR)),
    });
    const viewer = await userAgent(ctx.app, db);
    const get = async () => {
      const res = await viewer.request({ method: 'GET', url: `/api/leagues/${league.id}/deadline` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().deadline as { at: string; kind: string; match: { team1: string } | null } | null;
    };

    expect(await get()).toEqual({ at: blockStart.toISOString(), kind: 'market_block', match: null });

    const [week] = await db
      .insert(weeks)
      .values({ leagueId: league.id, weekNumber: 1, name: 'S1', startDate: day(-1), endDate: day(6) })
      .returning();
    const soon = new Date(now.getTime() + HOUR);
    await db.insert(matches).values([
      // started already, and a completed one ahead: neither counts
      {
        leagueId: league.id,
        weekId: week!.id,
        team1: 'Rossi',
        team2: 'Blu',
        date: new Date(now.getTime() - HOUR),
      },
      {
        leagueId: league.id,
        weekId: week!.id,
        team1: 'Blu',
        team2: 'Rossi',
        date: new Date(now.getTime() + 30 * 60_000),
        completed: true,
      },
      { leagueId: league.id, weekId: week!.id, team1: 'Rossi', team2: 'Blu', date: soon },
    ]);
    const deadline = await get();
    expect(deadline).toMatchObject({
      at: soon.toISOString(),
      kind: 'match_start',
      match: { team1: 'Rossi' },
    });
    // the same answer as the core rule, given the same inputs
    expect(new Date(deadline!.at)).toEqual(
      nextMarketDeadline(
        {
          status: 'Active',
          marketOpen: true,
          marketBlockTimezone: 'UTC',
          marketBlockStartTime: hhmm(blockStart),
          marketBlockEndTime: hhmm(new Date(blockStart.getTime() + HOUR)),
        },
        soon,
        now,
      )!.at,
    );

    await db.execute(sql`update leagues set status = 'Completed' where id = ${league.id}`);
    expect(await get()).toBe(null);
  });

  it('answers 404 for an unknown league and 401 to a visitor', async () => {
    const viewer = await userAgent(ctx.app, ctx.database.db);
    const res = await viewer.request({
      method: 'GET',
      url: '/api/leagues/00000000-0000-4000-8000-000000000000/deadline',
    });
    expect(res.statusCode).toBe(404);
    const anon = await ctx.app.inject({
      method: 'GET',
      url: '/api/leagues/00000000-0000-4000-8000-000000000000/deadline',
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('GET /api/leagues/:leagueId/my-roster/history', () => {
  it('gives each started week my stored points, running total and position by points up to it', async () => {
    for (let run = 0; run < 3; run++) {
      const n = 4 + run * 3;
      const weekCount = 2 + run;
      const w = await scoredLeague(n, weekCount);
      const me = Math.floor(Math.random() * n);
      const res = await w.users[me]!.request({
        method: 'GET',
        url: `/api/leagues/${w.league.id}/my-roster/history`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json().history.weeks as {
        weekNumber: number;
        points: number;
        cumulative: number;
        rank: number;
        participants: number;
      }[];
      expect(got.map((x) => x.weekNumber)).toEqual(Array.from({ length: weekCount }, (_, i) => i + 1));
      for (let i = 0; i < weekCount; i++) {
        const cum = w.points.map((p) => sum(p.slice(0, i + 1)));
        expect(got[i]).toMatchObject({
          points: w.points[me]![i],
          cumulative: cum[me],
          rank: rankOf(cum[me]!, cum),
          participants: n,
        });
      }
    }
  });

  it('lists every started week, more than a thousand too', async () => {
    const w = await scoredLeague(1, 1);
    const db = ctx.database.db;
    // weeks the admin numbered after the first, all started (a day each, one a day in the past)
    await db.insert(weeks).values(
      Array.from({ length: 1000 }, (_, i) => ({
        leagueId: w.league.id,
        weekNumber: 10 + i,
        name: `Settimana ${10 + i}`,
        startDate: day(-3000 - 2 * i),
        endDate: day(-2999 - 2 * i),
      })),
    );
    const res = await w.users[0]!.request({
      method: 'GET',
      url: `/api/leagues/${w.league.id}/my-roster/history`,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().history.weeks).toHaveLength(1001);
  });

  it('is null for a league I have not joined', async () => {
    const w = await scoredLeague(2, 1);
    const stranger = await userAgent(ctx.app, ctx.database.db);
    const res = await stranger.request({
      method: 'GET',
      url: `/api/leagues/${w.league.id}/my-roster/history`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ history: null });
  });
});

describe('GET /api/me/home', () => {
  it('gives per joined league my position, total, last started week and deadline, and the average position', async () => {
    const a = await scoredLeague(5, 2);
    const b = await scoredLeague(3, 1);
    // one user in both leagues: the first participant of a joins b too
    const me = a.users[0]!;
    const db = ctx.database.db;
    await db.transaction((tx) =>
      openRoster(tx, { userId: me.userId, leagueId: b.league.id, leagueType: 'LEC' }),
    );
    const soon = new Date(Date.now() + 5 * HOUR);
    await db.insert(matches).values({
      leagueId: b.league.id,
      weekId: b.weekRows[0]!.id,
      team1: 'Rossi',
      team2: 'Blu',
      date: soon,
    });

    const res = await me.request({ method: 'GET', url: '/api/me/home' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      leagues: {
        leagueId: string;
        position: number;
        participantCount: number;
        totalPoints: number;
        lastWeek: { weekNumber: number; points: number } | null;
        deadline: { at: string; kind: string } | null;
      }[];
      averagePosition: number | null;
    };
    const inA = body.leagues.find((l) => l.leagueId === a.league.id)!;
    const totalsA = a.points.map((p) => sum(p));
    expect(inA).toMatchObject({
      position: rankOf(totalsA[0]!, totalsA),
      participantCount: 5,
      totalPoints: totalsA[0],
      lastWeek: { weekNumber: 2, points: a.points[0]![1] },
      deadline: null,
    });
    const inB = body.leagues.find((l) => l.leagueId === b.league.id)!;
    const totalsB = [...b.points.map((p) => sum(p)), 0];
    expect(inB).toMatchObject({
      position: rankOf(0, totalsB),
      participantCount: 4,
      totalPoints: 0,
      lastWeek: { weekNumber: 1, points: 0 },
      deadline: { at: soon.toISOString(), kind: 'match_start' },
    });
    expect(body.leagues).toHaveLength(2);
    expect(body.averagePosition).toBe(Math.round(((inA.position + inB.position) / 2) * 10) / 10);
  });

  it('shows a total the admin set past a million points', async () => {
    const w = await scoredLeague(1, 1);
    const admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
    const edit = await admin.request({
      method: 'PATCH',
      url: `/api/admin/rosters/${w.rosterIds[0]}`,
      payload: { totalPoints: 999_999_999 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const res = await w.users[0]!.request({ method: 'GET', url: '/api/me/home' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().leagues[0]).toMatchObject({ leagueId: w.league.id, totalPoints: 999_999_999 });
  });

  it('is empty, with no average, for someone in no league; 401 for a visitor', async () => {
    const nobody = await userAgent(ctx.app, ctx.database.db);
    const res = await nobody.request({ method: 'GET', url: '/api/me/home' });
    expect(res.json()).toEqual({ leagues: [], averagePosition: null });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me/home' })).statusCode).toBe(401);
  });
});
