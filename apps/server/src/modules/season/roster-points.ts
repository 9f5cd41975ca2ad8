import { CHAMPION_TIERS, championBonus, type ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The champion bonus for every (tier, team won the game) pair, computed by the core rule
 * (DECISIONS 12) and handed to SQL as a table, so the formula lives in one place.
 */
function championBonusTable(rules: ScoringRules): SQL {
  const rows = CHAMPION_TIERS.flatMap((tier) =>
    [true, false].map(
      (won) =>
        sql`(${tier}::int, ${won}::boolean, ${championBonus({ championTier: tier, teamWonGame: won }, rules)}::numeric)`,
    ),
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as cb(tier, won, bonus)`;
}

/** A roster held an item when the match started (DECISIONS 14). */
const heldAt = (alias: string) =>
  sql.raw(
    `${alias}.acquired_at <= mm.date and (${alias}.released_at is null or ${alias}.released_at > mm.date)`,
  );

/**
 * What each roster earns from the completed matches selected by `matchFilter` (a condition on `m`),
 * per week: the stored game points of every player it held when the match started (DECISIONS 14),
 * the champion bonus when it also held the champion he played (DECISIONS 12), and the series MVP
 * points when it held the series MVP (DECISIONS 13). Game points are summed per player and match
 * before meeting the holdings, so the work grows with holders × matches, not × games.
 */
export function contributionQuery(leagueId: string, rules: ScoringRules, matchFilter: SQL): SQL {
  return sql`
    with mm as (
      select m.id, m.week_id, m.date from matches m
      where m.league_id = ${leagueId} and m.completed and (${matchFilter})
    ),
    player_points as (
      select s.match_id, s.player_id, sum(coalesce(s.points, 0)) as points
      from player_stats s join mm on mm.id = s.match_id
      group by s.match_id, s.player_id
    ),
    champion_games as (
      select s.match_id, s.player_id, s.champion_id, sum(cb.bonus) as bonus
      from player_stats s
      join mm on mm.id = s.match_id
      join champions c on c.id = s.champion_id
      left join match_games g on g.match_id = s.match_id and g.game_number = s.game_number
      join ${championBonusTable(rules)} on cb.tier = c.tier and cb.won = coalesce(g.winner = s.team_name, false)
      group by s.match_id, s.player_id, s.champion_id
    )
    select roster_id, week_id, sum(points) as points from (
      select rp.roster_id, mm.week_id, pp.points
      from player_points pp
      join mm on mm.id = pp.match_id
      join roster_players rp on rp.league_id = ${leagueId} and rp.player_id = pp.player_id and ${heldAt('rp')}
      union all
      select rp.roster_id, mm.week_id, cg.bonus
      from champion_games cg
      join mm on mm.id = cg.match_id
      join roster_players rp on rp.league_id = ${leagueId} and rp.player_id = cg.player_id and ${heldAt('rp')}
      join roster_champions rc on rc.roster_id = rp.roster_id and rc.champion_id = cg.champion_id and ${heldAt('rc')}
      union all
      select rp.roster_id, mm.week_id, ${rules.seriesMvpPoints}::numeric
      from series_mvp sm
      join mm on mm.id = sm.match_id
      join roster_players rp on rp.league_id = ${leagueId} and rp.player_id = sm.player_id and ${heldAt('rp')}
    ) contributions
    group by roster_id, week_id`;
}

/**
 * Brings every roster's total back to sum(week points) + adjustment, logging each change in the points
 * ledger; returns the rosters whose total changed by more than 0.01.
 */
export async function refreshTotals(db: DbOrTx, leagueId: string, reason = 'recalculation'): Promise<number> {
  const result = await db.execute<{ roster_id: string }>(sql`
    with target as (
      select r2.id, r2.total_points as old_total, coalesce(sum(w.points), 0) + r2.points_adjustment as total
      from rosters r2 left join roster_week_points w on w.roster_id = r2.id
      where r2.league_id = ${leagueId}
      group by r2.id
    ),
    changed as (
      update rosters r set total_points = t.total, updated_at = now()
      from target t
      where t.id = r.id and abs(t.old_total - t.total) > 0.01
      returning r.id, t.total - t.old_total as delta
    )
    insert into roster_points_ledger (roster_id, delta, reason)
    select id, delta, ${reason} from changed
    returning roster_id`);
  return result.rows.length;
}

/**
 * Recomputes the given weeks from scratch for every roster of the league (set-based, idempotent):
 * only week rows whose value changes are written, then totals are refreshed.
 * Returns the number of rosters whose total changed by more than 0.01.
 */
export async function recomputeWeeks(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekIds: string[],
): Promise<number> {
  if (weekIds.length > 0) {
    const weekList = sql`${sql.param(weekIds)}::uuid[]`;
    await db.execute(sql`
      with fresh as (${contributionQuery(leagueId, rules, sql`m.week_id = any(${weekList})`)}),
      upserted as (
        insert into roster_week_points (roster_id, week_id, points, updated_at)
        select roster_id, week_id, round(points, 2), now() from fresh
        on conflict (roster_id, week_id) do update set points = excluded.points, updated_at = now()
        where abs(roster_week_points.points - excluded.points) >= 0.005
        returning 1
      )
      delete from roster_week_points w
      using rosters r
      where r.id = w.roster_id and r.league_id = ${leagueId} and w.week_id = any(${weekList})
        and not exists (select 1 from fresh f where f.roster_id = w.roster_id and f.week_id = w.week_id)`);
  }
  return refreshTotals(db, leagueId);
}

/**
 * Incremental update after one match changed (statistics saved, completed, reopened or deleted): the
 * match's contribution is captured into a temporary table before the change, and after it the
 * difference is added to the affected week rows and totals (and logged in the points ledger), all
 * inside the database, touching only the rosters that held its players.
 */
export async function captureMatchContribution(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  matchId: string,
): Promise<void> {
  await db.execute(sql`drop table if exists pg_temp.match_points_before`);
  await db.execute(
    sql`create temporary table match_points_before on commit drop as ${contributionQuery(leagueId, rules, sql`m.id = ${matchId}`)}`,
  );
}

export async function applyMatchDelta(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  matchId: string,
  reason = 'match',
): Promise<number> {
  await db.execute(sql`
    create temporary table match_points_delta on commit drop as
    select roster_id, week_id, round(sum(points), 2) as points from (
      select roster_id, week_id, -points as points from match_points_before
      union all
      select roster_id, week_id, points from (${contributionQuery(leagueId, rules, sql`m.id = ${matchId}`)}) after
    ) d
    group by roster_id, week_id
    having abs(sum(points)) >= 0.005`);
  await db.execute(sql`
    insert into roster_week_points (roster_id, week_id, points, updated_at)
    select roster_id, week_id, points, now() from match_points_delta
    on conflict (roster_id, week_id) do update
      set points = roster_week_points.points + excluded.points, updated_at = now()`);
  const result = await db.execute(sql`
    with per_roster as (
      select roster_id, sum(points) as delta from match_points_delta group by roster_id
    ),
    changed as (
      update rosters r set total_points = r.total_points + d.delta, updated_at = now()
      from per_roster d
      where d.roster_id = r.id
      returning r.id, d.delta
    )
    insert into roster_points_ledger (roster_id, delta, reason)
    select id, delta, ${reason} from changed
    returning roster_id`);
  await db.execute(sql`drop table if exists pg_temp.match_points_before, pg_temp.match_points_delta`);
  return result.rows.length;
}
