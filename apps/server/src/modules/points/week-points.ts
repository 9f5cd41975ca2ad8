import { CHAMPION_TIERS, championBonus, type ScoringRules } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captainOn } from './captain-points.ts';
import type { RecomputeProgress } from './recompute-progress.ts';
import { type FreshWeeks, READ_STEPS, sumRosterWeeks } from './roster-week-sums.ts';

/**
 * Week points of every roster of a league for a set of weeks, computed through canonical holding
 * intervals instead of one row per (roster, held player, match) — the fast path of the full and
 * "from week N" recalculations. It gives exactly the rows and values of `contributionQuery` (the
 * per-match definition, the fallback when the rules are not in whole cents; week-points.test.ts checks
 * both agree, and that match deltas (`applyMatchDelta`) keep the rows equal to it):
 *
 * - Matches in scope get a slot: the rank of their start time. A holding [acquired_at, released_at)
 *   covers exactly the matches whose slot is in (lo, hi], with lo = #starts < acquired_at and
 *   hi = #starts < released_at (width_bucket over the sorted starts; times are whole microseconds),
 *   so DECISIONS 14 (held when the match started) becomes an integer range test.
 * - Player points of a (player, lo, hi) key are the same for every roster with such a holding: each
 *   distinct key's per-week sum (game points + series MVP, DECISIONS 11, 13) is computed once, then
 *   added to the rosters holding it (holdings × weeks, not holdings × matches).
 * - Champion bonuses (DECISIONS 12) only for (player, champion) pairs actually played: a roster's
 *   player holding and champion holding of such a pair intersect into a (player, champion, lo, hi)
 *   key, whose per-week bonus is again computed once.
 * - The per-match points are computed here, in PostgreSQL; the per-roster sums in the server, from the
 *   league's holdings read once each as packed slot ranges (`sumRosterWeeks`, roster-week-sums.ts).
 * - Everything is summed in integer cents (every input has at most 2 decimals: game points are
 *   numeric(12,2), bonuses and series MVP points are checked before), so the sums are exact.
 *
 * Leaves the week points in temporary tables, one column per week (`FreshWeeks`, dropped on commit);
 * returns null (and creates nothing) when the rules are not in whole cents, so the caller falls back to
 * the per-match path.
 */
export async function computeWeekPoints(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekIds: string[],
  onProgress: RecomputeProgress = () => {},
): Promise<FreshWeeks | null> {
  const cents = (v: number) => {
    const c = Math.round(v * 100);
    return Math.abs(c - v * 100) < 1e-6 ? c : null;
  };
  const bonus = CHAMPION_TIERS.flatMap((tier) =>
    [true, false].map((won) => ({
      tier,
      won,
      cents: cents(championBonus({ championTier: tier, teamWonGame: won }, rules)),
    })),
  );
  const mvpCents = cents(rules.seriesMvpPoints);
  if (mvpCents === null || bonus.some((b) => b.cents === null)) return null;
  const bonusTable = sql`(values ${sql.join(
    bonus.map((b) => sql`(${b.tier}::int, ${b.won}::boolean, ${b.cents}::bigint)`),
    sql`, `,
  )}) as cb(tier, won, cents)`;

  // the reading statements below, counted for the progress of a long recalculation (admin_jobs)
  let read = 0;
  const step = async (q: ReturnType<typeof sql>) => {
    await db.execute(q);
    onProgress({ stage: 'read', done: Math.min(++read, READ_STEPS), total: READ_STEPS });
  };
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`drop table if exists pg_temp.wp_m, pg_temp.wp_pm, pg_temp.wp_pc`);
  // matches in scope, with the slot of their start time
  await step(sql`
    create temporary table wp_m on commit drop as
    select m.id, m.week_id, m.date, dense_rank() over (order by m.date)::int as slot
    from matches m
    where m.league_id = ${leagueId} and m.completed and m.week_id = any(${sql.param(weekIds)}::uuid[])`);
  // per (player, match) that has stats: game points + series MVP (once per match), in cents
  await step(sql`
    create temporary table wp_pm on commit drop as
    select pm.player_id, pm.slot, pm.week_id,
           pm.cents + ${mvpCents}::bigint * (select count(*) from series_mvp sm
                                             where sm.match_id = pm.match_id and sm.player_id = pm.player_id) as cents
    from (
      select s.player_id, mm.id as match_id, mm.slot, mm.week_id, sum(round(coalesce(s.points, 0) * 100))::bigint as cents
      from player_stats s join wp_m mm on mm.id = s.match_id
      group by s.player_id, mm.id, mm.slot, mm.week_id
    ) pm`);
  // champion bonus per (player, champion, match) actually played
  await step(sql`
    create temporary table wp_pc on commit drop as
    select st.player_id, st.champion_id, mm.slot, mm.week_id, sum(cb.cents)::bigint as cents
    from player_stats st
    join wp_m mm on mm.id = st.match_id
    join champions c on c.id = st.champion_id
    left join match_games g on g.match_id = st.match_id and g.game_number = st.game_number
    join ${bonusTable} on cb.tier = c.tier and cb.won = coalesce(g.winner = st.team_name, false)
    group by st.player_id, st.champion_id, mm.id, mm.slot, mm.week_id`);
  const { rows: scoped } = await db.execute<{ week_id: string }>(
    sql`select distinct week_id from wp_m order by week_id`,
  );
  const fresh = await sumRosterWeeks(
    db,
    leagueId,
    scoped.map((r) => r.week_id),
    onProgress,
    captainOn(rules) ? rules : null,
  );
  await run(sql`drop table if exists pg_temp.wp_m, pg_temp.wp_pm, pg_temp.wp_pc`);
  await createFreshTotals(db, fresh);
  return fresh;
}

/** `wp_fresh_totals`: each roster's cents over the fresh weeks, one pass over the week tables. */
export async function createFreshTotals(db: DbOrTx, fresh: FreshWeeks): Promise<void> {
  const rowSums = fresh.tables.map(
    ({ table, columns }) =>
      sql`select roster_id, ${sql.join(
        Array.from({ length: columns }, (_, i) => sql.raw(`coalesce(c${i}, 0)::bigint`)),
        sql` + `,
      )} as cents from ${sql.raw(table)}`,
  );
  await db.execute(sql`drop table if exists pg_temp.wp_fresh_totals`);
  await db.execute(sql`
    create temporary table wp_fresh_totals on commit drop as
    ${
      rowSums.length === 1
        ? rowSums[0]!
        : sql`select roster_id, sum(cents)::bigint as cents from (${
            rowSums.length > 0
              ? sql.join(rowSums, sql` union all `)
              : sql`select null::uuid as roster_id, 0::bigint as cents where false`
          }) x group by roster_id`
    }`);
  await db.execute(sql`analyze pg_temp.wp_fresh_totals`);
}

/** The fresh week points as rows (roster_id, week_id, points), for tests and comparisons. */
export function freshRows(fresh: FreshWeeks) {
  const parts = fresh.weeks.map(
    ({ weekId, table, column }) =>
      sql`select roster_id, ${weekId}::uuid as week_id, (${sql.raw(column)} / 100.0)::numeric(12, 2) as points
          from ${sql.raw(table)} where ${sql.raw(column)} is not null`,
  );
  return parts.length > 0
    ? sql.join(parts, sql` union all `)
    : sql`select null::uuid as roster_id, null::uuid as week_id, null::numeric as points where false`;
}
