import { DEFAULT_SCORING_RULES, type ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Database } from '../../db/client.ts';
import { randomPointsLeague, replaceSeriesMvp, rng } from '../../test/random-league.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { withMatchPoints } from '../season/index.ts';
import { pointsFold, settlePoints } from './points-fold.ts';
import { contributionQuery, recomputeWeeks } from './roster-points.ts';
import { ItemPoints, weekSums } from './roster-week-sums.ts';
import { rulesForLeague } from './scoring-rules.ts';
import { computeWeekPoints, freshRows } from './week-points.ts';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await openTestDatabase();
  db = t.database.db;
  drop = t.drop;
});
afterAll(() => drop());

const DEFAULT_INLINE_MAX = pointsFold.inlineMax;
const WEEK_SUMS = { ...weekSums };
const randomLeague = (seed: number) => randomPointsLeague(db, seed);

type Row = { roster_id: string; week_id: string; points: string };
const key = (rows: Row[]) =>
  rows.map((x) => `${x.roster_id}|${x.week_id}|${Number(x.points).toFixed(2)}`).sort();

async function bothPaths(leagueId: string, rules: ScoringRules, weekIds: string[]) {
  return db.transaction(async (tx) => {
    const fresh = await computeWeekPoints(tx, leagueId, rules, weekIds);
    expect(fresh).not.toBeNull();
    const fast = await tx.execute<Row>(
      sql`select roster_id, week_id, points::text from (${freshRows(fresh!)}) f`,
    );
    const perMatch = await tx.execute<Row>(sql`
      select roster_id, week_id, round(points, 2)::text as points
      from (${contributionQuery(leagueId, rules, sql`m.week_id = any(${sql.param(weekIds)}::uuid[])`)}) c`);
    return { fast: key(fast.rows), perMatch: key(perMatch.rows) };
  });
}

describe('week points through canonical holding intervals', () => {
  it('equal the per-match contributions on random leagues, holdings and stats', async () => {
    onTestFinished(() => {
      Object.assign(weekSums, WEEK_SUMS);
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.boolean(),
        fc.boolean(),
        async (seed, winBonus, small) => {
          // the per-roster sums as a big league has them: four bytes a number, read, sent back and yielding in parts
          Object.assign(
            weekSums,
            small ? { narrowMax: 0, sendRows: 2, yieldEvery: 3, rowRosters: 2 } : WEEK_SUMS,
          );
          const { leagueId, weekIds } = await randomLeague(seed);
          const rules = {
            ...DEFAULT_SCORING_RULES,
            championWinBonusEnabled: winBonus,
            seriesMvpPoints: 7.25,
          };
          const all = await bothPaths(leagueId, rules, weekIds);
          expect(all.fast).toEqual(all.perMatch);
          const some = await bothPaths(leagueId, rules, weekIds.slice(1));
          expect(some.fast).toEqual(some.perMatch);
        },
      ),
      { numRuns: 16 },
    );
  }, 120_000);

  it('a range of slots past 65,535 is its own, not one cached for other ends', () => {
    const points = new ItemPoints(1, 1, 70_000, [
      { item: 0, slot: 2, week: 0, cents: 5 },
      { item: 0, slot: 5000, week: 0, cents: 7 },
    ]);
    expect(points.range(0, 1, 4464)?.[0]).toBe(5);
    expect(points.range(0, 0, 70_000)?.[0]).toBe(12);
  });

  it.each([
    ['the fast path', DEFAULT_SCORING_RULES, { ...DEFAULT_SCORING_RULES, seriesMvpPoints: 9.5 }],
    // series MVP points not in whole cents: the per-match path, pivoted into the same week tables
    [
      'the per-match path',
      { ...DEFAULT_SCORING_RULES, seriesMvpPoints: 7.125 },
      { ...DEFAULT_SCORING_RULES, seriesMvpPoints: 3.333 },
    ],
  ])(
    'recomputeWeeks (%s) stores them and keeps totals = sum of weeks + adjustment; a second run writes nothing; new rules rewrite only what moved',
    async (_path, rules, otherRules) => {
      const { leagueId, weekIds } = await randomLeague(4242);
      await db.execute(
        sql`update rosters set points_adjustment = 1.5, total_points = 1.5 where league_id = ${leagueId}`,
      );
      const expectedWith = (r: ScoringRules) =>
        db.transaction(async (tx) => {
          const { rows } = await tx.execute<Row>(sql`
          select roster_id, week_id, round(points, 2)::text as points from (${contributionQuery(leagueId, r, sql`true`)}) c`);
          return key(rows);
        });
      const storedRows = async () =>
        key(
          (
            await db.execute<Row>(sql`
            select w.roster_id, w.week_id, w.points::text from roster_week_points w
            join rosters r on r.id = w.roster_id where r.league_id = ${leagueId}`)
          ).rows,
        );
      const consistent = async () => {
        const totals = await db.execute<{ ok: boolean }>(sql`
        select bool_and(r.total_points = r.points_adjustment + coalesce(
          (select sum(points) from roster_week_points w where w.roster_id = r.id), 0)) as ok
        from rosters r where r.league_id = ${leagueId}`);
        expect(totals.rows[0]!.ok).toBe(true);
        const ledger = await db.execute<{ ok: boolean }>(sql`
        select bool_and(r.total_points = 1.5 + coalesce((select sum(u.delta) from roster_points_ledger l cross join unnest(l.roster_ids, l.deltas) u(roster_id, delta) where l.league_id = r.league_id and u.roster_id = r.id), 0)) as ok
        from rosters r where r.league_id = ${leagueId}`);
        expect(ledger.rows[0]!.ok).toBe(true);
      };
      await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
      expect(await storedRows()).toEqual(await expectedWith(rules));
      await consistent();
      expect(await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds))).toBe(0);
      // other rules over stored rows: the week-by-week comparison writes the differences only
      await db.transaction((tx) => recomputeWeeks(tx, leagueId, otherRules, weekIds));
      expect(await storedRows()).toEqual(await expectedWith(otherRules));
      await consistent();
    },
    60_000,
  );

  // inline: each change writes its week rows and totals itself (a small league); pending: the server computes
  // the rosters' deltas from their numbers and logs a pending event, which the fold writes (a big league)
  it.each([
    ['inline', pointsFold.inlineMax],
    ['pending', 0],
  ])(
    'match changes applied as deltas (%s) leave exactly the week rows, totals and ledger of a full recomputation',
    async (_mode, inlineMax) => {
      pointsFold.inlineMax = inlineMax;
      onTestFinished(() => {
        pointsFold.inlineMax = DEFAULT_INLINE_MAX;
      });
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
          const { leagueId, weekIds, matchIds, championIds, playerIds } = await randomLeague(seed);
          const r = rng(seed ^ 0x5bd1e995);
          const rules = await rulesForLeague(db, leagueId);
          await db.transaction((tx) => recomputeWeeks(tx, leagueId, rules, weekIds));
          const nonZero = (rows: Row[]) => key(rows.filter((x) => Math.abs(Number(x.points)) >= 0.005));
          const live = [...matchIds];
          for (let step = 0; step < 6 && live.length > 0; step++) {
            const matchId = r.pick(live);
            const kind = r.int(5);
            await db.transaction((tx) =>
              withMatchPoints(tx, matchId, async () => {
                if (kind === 0) {
                  // corrected statistics: new points and champions for some games
                  await tx.execute(sql`
                  update player_stats set points = round((random() * 30 - 4)::numeric, 1),
                    champion_id = (${sql.param(championIds)}::uuid[])[1 + floor(random() * ${championIds.length})::int]
                  where match_id = ${matchId} and random() < 0.6`);
                } else if (kind === 1) {
                  await tx.execute(sql`update matches set completed = not completed where id = ${matchId}`);
                } else if (kind === 2) {
                  await tx.execute(sql`update match_games set winner = case when winner = (select team1 from matches where id = ${matchId})
                  then (select team2 from matches where id = ${matchId}) else (select team1 from matches where id = ${matchId}) end
                  where match_id = ${matchId}`);
                } else if (kind === 3) {
                  await replaceSeriesMvp(tx, matchId, r.pick(playerIds));
                } else {
                  await tx.execute(sql`delete from matches where id = ${matchId}`);
                  live.splice(live.indexOf(matchId), 1);
                }
              }),
            );
            await settlePoints(db, leagueId);
            const expected = await db.execute<Row>(sql`
            select roster_id, week_id, round(points, 2)::text as points from (${contributionQuery(leagueId, rules, sql`true`)}) c`);
            const stored = await db.execute<Row>(sql`
            select w.roster_id, w.week_id, w.points::text from roster_week_points w
            where w.week_id = any(${sql.param(weekIds)}::uuid[])`);
            expect(nonZero(stored.rows)).toEqual(nonZero(expected.rows));
            const totals = await db.execute<{ ok: boolean }>(sql`
            select bool_and(r.total_points = r.points_adjustment
              + coalesce((select sum(points) from roster_week_points w where w.roster_id = r.id), 0)
              and r.total_points = coalesce((select sum(u.delta) from roster_points_ledger l
                cross join unnest(l.roster_ids, l.deltas) u(roster_id, delta) where l.league_id = r.league_id and u.roster_id = r.id), 0)) as ok
            from rosters r where r.league_id = ${leagueId}`);
            expect(totals.rows[0]!.ok).toBe(true);
          }
        }),
        { numRuns: 8 },
      );
    },
    180_000,
  );

  it('every roster lineup is what it holds now, changed no earlier than any of its holdings (roster_lineups)', async () => {
    const { leagueId } = await randomLeague(4242);
    // lineups that are not what the roster holds now, or that claim an earlier change than its holdings show
    await db.execute(sql`create or replace function pg_temp.sorted(a int[]) returns int[] language sql
      as $$ select coalesce(array_agg(x order by x), '{}') from unnest(a) x $$`);
    const wrong = async () =>
      (
        await db.execute<{ roster_id: string }>(sql`
          select r.id as roster_id from rosters r
          left join roster_lineups l on l.roster_id = r.id
          join roster_holdings_now(array[r.id]) h on true
          cross join lateral (
            select max(greatest(acquired_at, released_at)) as at from (
              select acquired_at, released_at from roster_players where roster_id = r.id
              union all select acquired_at, released_at from roster_champions where roster_id = r.id) x) t
          where r.league_id = ${leagueId} and t.at is not null
            and (l.roster_id is null or pg_temp.sorted(l.players) <> h.players or pg_temp.sorted(l.champions) <> h.champions
                 or l.packed is distinct from roster_lineup_packed(r.seq, l.players, l.champions)
                 or l.changed_at < t.at)`)
      ).rows;
    const held = async () =>
      (await db.execute(sql`select 1 from roster_lineups where league_id = ${leagueId}`)).rows.length;
    expect(await held()).toBeGreaterThan(0);
    expect(await wrong()).toEqual([]);
    // a sale, a purchase backdated by an admin, a holding removed, one statement over many rosters
    await db.execute(sql`
      update roster_players set released_at = greatest(acquired_at, now())
      where id = (select id from roster_players where league_id = ${leagueId} and released_at is null limit 1)`);
    await db.execute(sql`
      update roster_champions set acquired_at = acquired_at - interval '40 days'
      where id = (select id from roster_champions where league_id = ${leagueId} limit 1)`);
    await db.execute(sql`
      delete from roster_champions where id = (select id from roster_champions where league_id = ${leagueId} offset 1 limit 1)`);
    await db.execute(
      sql`update roster_players set released_at = null where league_id = ${leagueId} and released_at > now()`,
    );
    expect(await wrong()).toEqual([]);
    // the numbers packed: the roster's, then its players' and its champions'
    const { rows } = await db.execute<{
      packed: Uint8Array;
      seq: number;
      players: number[];
      champions: number[];
    }>(sql`
      select l.packed, r.seq, l.players, l.champions from roster_lineups l join rosters r on r.id = l.roster_id
      where l.league_id = ${leagueId}`);
    for (const row of rows) {
      const b = Buffer.from(row.packed);
      const nPlayers = b[4]!;
      const players = Array.from({ length: nPlayers }, (_, i) => b.readUInt16BE(5 + 2 * i));
      const at = 5 + 2 * nPlayers;
      const champions = Array.from({ length: b[at]! }, (_, i) => b.readUInt16BE(at + 1 + 2 * i));
      expect([b.readInt32BE(0), players, champions]).toEqual([Number(row.seq), row.players, row.champions]);
      expect(b.byteLength).toBe(at + 1 + 2 * champions.length);
    }
    // a roster's lineup leaves with it
    const gone = rows.length;
    await db.execute(
      sql`delete from rosters where id = (select roster_id from roster_lineups where league_id = ${leagueId} limit 1)`,
    );
    expect(await held()).toBe(gone - 1);
  });

  it('week rows leave with their roster, their week and their league', async () => {
    const { leagueId, weekIds } = await randomLeague(777);
    await db.transaction(async (tx) =>
      recomputeWeeks(tx, leagueId, await rulesForLeague(tx, leagueId), weekIds),
    );
    const count = async () =>
      (
        await db.execute<{ n: number }>(sql`
          select count(*)::int as n from roster_week_points where week_id = any(${sql.param(weekIds)}::uuid[])`)
      ).rows[0]!.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    const { rows } = await db.execute<{ roster_id: string; n: number }>(sql`
      select roster_id, count(*)::int as n from roster_week_points where week_id = any(${sql.param(weekIds)}::uuid[])
      group by roster_id order by n desc limit 1`);
    await db.execute(sql`delete from rosters where id = ${rows[0]!.roster_id}`);
    expect(await count()).toBe(before - rows[0]!.n);
    const inWeek = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from roster_week_points where week_id = ${weekIds[0]!}`,
    );
    await db.execute(sql`delete from weeks where id = ${weekIds[0]!}`);
    expect(await count()).toBe(before - rows[0]!.n - inWeek.rows[0]!.n);
    await db.execute(sql`delete from leagues where id = ${leagueId}`);
    expect(await count()).toBe(0);
  }, 60_000);
});
