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

/**
 * What each roster earns from the completed matches selected by `matchFilter` (a condition on `m`),
 * per week: the stored game points of every player it held when the match started (DECISIONS 14),
 * the champion bonus when it also held the champion he played (DECISIONS 12), and the series MVP
 * points when it held the series MVP (DECISIONS 13).
 */
export function contributionQuery(leagueId: string, rules: ScoringRules, matchFilter: SQL): SQL {
  return sql`
    select roster_id, week_id, sum(points) as points from (
      select rp.roster_id, m.week_id, coalesce(s.points, 0) + coalesce(cb.bonus, 0) as points
      from matches m
      join player_stats s on s.match_id = m.id
      join roster_players rp on rp.player_id = s.player_id
        and rp.acquired_at <= m.date and (rp.released_at is null or rp.released_at > m.date)
      join rosters r on r.id = rp.roster_id and r.league_id = m.league_id
      left join roster_champions rc on rc.roster_id = rp.roster_id and rc.champion_id = s.champion_id
        and rc.acquired_at <= m.date and (rc.released_at is null or rc.released_at > m.date)
      left join champions c on c.id = rc.champion_id
      left join match_games g on g.match_id = m.id and g.game_number = s.game_number
      left join ${championBonusTable(rules)}
        on rc.id is not null and cb.tier = c.tier and cb.won = (coalesce(g.winner = s.team_name, false))
      where m.league_id = ${leagueId} and m.completed and (${matchFilter})
      union all
      select rp.roster_id, m.week_id, ${rules.seriesMvpPoints}::numeric as points
      from matches m
      join series_mvp sm on sm.match_id = m.id
      join roster_players rp on rp.player_id = sm.player_id
        and rp.acquired_at <= m.date and (rp.released_at is null or rp.released_at > m.date)
      join rosters r on r.id = rp.roster_id and r.league_id = m.league_id
      where m.league_id = ${leagueId} and m.completed and (${matchFilter})
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
 * Incremental update after one match changed (statistics saved, completed, reopened or deleted):
 * `before` is the match's contribution captured before the change. Adds (after − before) to the
 * affected week rows and totals, touching only the rosters that held its players.
 */
export async function captureMatchContribution(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  matchId: string,
): Promise<{ roster_id: string; week_id: string; points: number }[]> {
  const result = await db.execute<{ roster_id: string; week_id: string; points: number }>(
    contributionQuery(leagueId, rules, sql`m.id = ${matchId}`),
  );
  return result.rows.map((r) => ({ ...r, points: Number(r.points) }));
}

export async function applyMatchDelta(
  db: DbOrTx,
  before: { roster_id: string; week_id: string; points: number }[],
  after: { roster_id: string; week_id: string; points: number }[],
  reason = 'match',
): Promise<number> {
  const delta = new Map<string, { rosterId: string; weekId: string; points: number }>();
  for (const [rows, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const r of rows) {
      const key = `${r.roster_id}|${r.week_id}`;
      const entry = delta.get(key) ?? { rosterId: r.roster_id, weekId: r.week_id, points: 0 };
      entry.points += sign * r.points;
      delta.set(key, entry);
    }
  }
  const changes = [...delta.values()].filter((d) => Math.abs(d.points) >= 0.005);
  if (changes.length === 0) return 0;
  const rosterIds = changes.map((c) => c.rosterId);
  const weekIds = changes.map((c) => c.weekId);
  const amounts = changes.map((c) => Math.round(c.points * 100) / 100);
  await db.execute(sql`
    insert into roster_week_points (roster_id, week_id, points, updated_at)
    select * , now() from unnest(${sql.param(rosterIds)}::uuid[], ${sql.param(weekIds)}::uuid[], ${sql.param(amounts)}::numeric[])
    on conflict (roster_id, week_id) do update
      set points = roster_week_points.points + excluded.points, updated_at = now()`);
  const result = await db.execute(sql`
    with changed as (
      update rosters r set total_points = r.total_points + d.delta, updated_at = now()
      from (
        select roster_id, sum(delta) as delta
        from unnest(${sql.param(rosterIds)}::uuid[], ${sql.param(amounts)}::numeric[]) as x(roster_id, delta)
        group by roster_id
      ) d
      where d.roster_id = r.id and abs(d.delta) >= 0.005
      returning r.id, d.delta
    )
    insert into roster_points_ledger (roster_id, delta, reason)
    select id, delta, ${reason} from changed
    returning roster_id`);
  return result.rows.length;
}
