import { captainFactorRows, type ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The core's rule as SQL rows (captain played, vice played, week complete, captain factor, vice factor). */
export const captainFactors = (rules: ScoringRules) =>
  captainFactorRows(rules).map(
    (r) =>
      sql`(${r.captainPlayed}::boolean, ${r.vicePlayed}::boolean, ${r.weekComplete}::boolean, ${r.captain}::numeric, ${r.vice}::numeric)`,
  );

/**
 * The weekly captain's bonus (issue 29), set-based: per roster and week, what multiplying its captain's (or its
 * vice's) player points of the week adds. The rule is the core's (`captainFactorRows`: which of the two counts,
 * and the factor), handed to SQL as a table as the champion bonus is; the week points here are the engine's:
 *
 * - the choice in force for a week is the roster's choice for the latest week up to it (`roster_captains`: a
 *   choice counts from the week it was made for, until a choice for a later week);
 * - a player counts in a match of the week when the roster held him at its start (DECISIONS 14) and he has
 *   statistics in it: his stored game points plus the series MVP points (DECISIONS 11, 13; no champion bonus);
 *   "played" is having at least one such match;
 * - a week is complete when it has matches and all of them are completed.
 *
 * The holdings of the rosters' captains and vices become slot ranges over the scope's match starts (as
 * `computeWeekPoints` does), so each distinct (player, range, weeks in force) is summed once and the rosters
 * meet those sums by a hash join: the work grows with the rosters' choices, not with choices × matches.
 * Rows: (roster_id, week_id, points), the bonus rounded to the cent, zeros left out.
 */
export function captainBonusQuery(
  leagueId: string,
  rules: ScoringRules,
  weekIds: SQL,
  options: {
    /** a condition on `c.roster_id`: only these rosters' choices */
    rosters?: SQL;
    /**
     * the week as it was before a change of this match: its completeness (`complete`), and the match as
     * `captureCaptains` (captain-save.ts) kept it (`captain_match`: completed or not; `captain_match_before`: each
     * player's points in it, series MVP included)
     */
    beforeMatchId?: string;
    /** the week's completeness as given, not as the matches say */
    complete?: boolean;
  } = {},
): SQL {
  const factors = captainFactors(rules);
  const before = options.beforeMatchId;
  const complete =
    options.complete === undefined
      ? sql`(exists (select 1 from matches m where m.week_id = w.id)
             and not exists (select 1 from matches m where m.week_id = w.id and not m.completed))`
      : sql`${options.complete}::boolean`;
  // the completed matches, the changed one as it was
  const completed = before
    ? sql`where m.completed and m.id <> ${before}::uuid
      union all
      select b.id, b.week_id, b.date, cw.week_number from captain_match b join cw on cw.week_id = b.week_id
      where b.completed`
    : sql`where m.completed`;
  // the changed match's points as they were
  const beforePoints = before
    ? sql`union all
      select b.player_id, cm.week_id, cm.week_number, width_bucket(cm.date, st.d), b.points
      from captain_match_before b join cm on cm.id = ${before}::uuid cross join starts st`
    : sql``;
  const statsOf = before ? sql`and cm.id <> ${before}::uuid` : sql``;
  const rosters = options.rosters ? sql`and ${options.rosters}` : sql``;
  return sql`
    with cw as materialized (
      select w.id as week_id, w.week_number, ${complete} as complete
      from weeks w where w.league_id = ${leagueId} and w.id = any(${weekIds})
    ),
    cm as materialized (
      select m.id, m.week_id, m.date, cw.week_number from matches m join cw on cw.week_id = m.week_id
      ${completed}
    ),
    starts as materialized (
      select coalesce(array_agg(distinct date order by date), '{}') as d from cm
    ),
    -- each (player, match) of the scope he has statistics in: its slot, its week, his points in it
    cpm as materialized (
      select x.player_id, x.week_id, x.week_number, width_bucket(x.date, st.d) as slot,
             x.points + ${rules.seriesMvpPoints}::numeric * (
               select count(*) from series_mvp sm where sm.match_id = x.match_id and sm.player_id = x.player_id) as points
      from (
        select s.player_id, cm.id as match_id, cm.week_id, cm.week_number, cm.date, sum(coalesce(s.points, 0)) as points
        from player_stats s join cm on cm.id = s.match_id ${statsOf}
        group by s.player_id, cm.id, cm.week_id, cm.week_number, cm.date
      ) x cross join starts st
      ${beforePoints}
    ),
    -- the choices with the weeks they are in force: from their week's number to the next choice's
    choices as materialized (
      select c.roster_id, c.captain_player_id, c.vice_player_id, wk.week_number as from_n,
             coalesce(lead(wk.week_number) over (partition by c.roster_id order by wk.week_number), 2147483647) as to_n
      from roster_captains c join weeks wk on wk.id = c.week_id
      where c.league_id = ${leagueId} ${rosters}
    ),
    roles as materialized (
      select r.* from (
        select roster_id, true as is_captain, captain_player_id as player_id, from_n, to_n from choices
        union all
        select roster_id, false, vice_player_id, from_n, to_n from choices where vice_player_id is not null
      ) r
      where r.from_n <= (select max(week_number) from cw) and r.to_n > (select min(week_number) from cw)
        and r.player_id in (select player_id from cpm)
    ),
    -- each role's holdings of its player as slot ranges (lo, hi]: the matches it covers
    held as materialized (
      select r.roster_id, r.is_captain, r.player_id, r.from_n, r.to_n,
             width_bucket(rp.acquired_at - interval '1 microsecond', st.d) as lo,
             case when rp.released_at is null then cardinality(st.d)
                  else width_bucket(rp.released_at - interval '1 microsecond', st.d) end as hi
      from roles r
      join roster_players rp on rp.league_id = ${leagueId} and rp.roster_id = r.roster_id and rp.player_id = r.player_id
      cross join starts st
    ),
    -- each distinct (player, range, weeks in force): its points per week, once
    key_weeks as materialized (
      select k.player_id, k.from_n, k.to_n, k.lo, k.hi, p.week_id, sum(p.points) as points
      from (select distinct player_id, from_n, to_n, lo, hi from held) k
      join cpm p on p.player_id = k.player_id and p.slot > k.lo and p.slot <= k.hi
        and p.week_number >= k.from_n and p.week_number < k.to_n
      group by k.player_id, k.from_n, k.to_n, k.lo, k.hi, p.week_id
    ),
    per_roster as (
      select h.roster_id, kw.week_id,
             bool_or(h.is_captain) as captain_played,
             coalesce(sum(kw.points) filter (where h.is_captain), 0) as captain_points,
             bool_or(not h.is_captain) as vice_played,
             coalesce(sum(kw.points) filter (where not h.is_captain), 0) as vice_points
      from held h
      join key_weeks kw on kw.player_id = h.player_id and kw.from_n = h.from_n and kw.to_n = h.to_n
        and kw.lo = h.lo and kw.hi = h.hi
      group by h.roster_id, kw.week_id
    )
    select pr.roster_id, pr.week_id, round(pr.captain_points * f.captain + pr.vice_points * f.vice, 2) as points
    from per_roster pr
    join cw on cw.week_id = pr.week_id
    join (values ${sql.join(factors, sql`, `)}) as f(captain_played, vice_played, complete, captain, vice)
      on f.captain_played = pr.captain_played and f.vice_played = pr.vice_played and f.complete = cw.complete
    where round(pr.captain_points * f.captain + pr.vice_points * f.vice, 2) <> 0`;
}

export const captainOn = (rules: ScoringRules) => rules.captainMultiplier !== 1;

/**
 * The rosters whose choice in force for `weekId` names one of the players of `players` (a relation with
 * `player_id`; null: any player) as captain or vice: the choices up to the week, kept when no later choice of
 * the roster (up to the week) replaces them.
 */
export const choosersOf = (leagueId: string, weekId: string, players: SQL | null) => sql`
  select c.roster_id, c.captain_player_id, c.vice_player_id
  from roster_captains c join weeks wk on wk.id = c.week_id
  cross join (select week_number as n from weeks where id = ${weekId}) upto
  where c.league_id = ${leagueId} and wk.week_number <= upto.n
    ${
      players
        ? sql`and (c.captain_player_id in (select player_id from ${players})
         or c.vice_player_id in (select player_id from ${players}))`
        : sql``
    }
    and not exists (
      select 1 from roster_captains later join weeks lw on lw.id = later.week_id
      where later.roster_id = c.roster_id and lw.week_number > wk.week_number and lw.week_number <= upto.n)`;

/** Whether every match of the week is completed (and it has one): the vice's moment. */
export async function weekComplete(db: DbOrTx, weekId: string): Promise<boolean> {
  const { rows } = await db.execute<{ complete: boolean }>(sql`
    select (exists (select 1 from matches where week_id = ${weekId})
            and not exists (select 1 from matches where week_id = ${weekId} and not completed)) as complete`);
  return Boolean(rows[0]?.complete);
}

/**
 * Each player's points in each completed match that `where` picks (its games' points, series MVP included),
 * rows `match_id, player_id, points`: what the captain rule multiplies, summed by week or read by match.
 */
export const playerMatchPoints = (rules: ScoringRules, where: SQL) => sql`
  select s.match_id, s.player_id, sum(coalesce(s.points, 0)) + ${rules.seriesMvpPoints}::numeric * (
           select count(*) from series_mvp sm where sm.match_id = s.match_id and sm.player_id = s.player_id) as points
  from player_stats s join matches m on m.id = s.match_id
  where ${where} and m.completed
  group by s.match_id, s.player_id`;

/** The week's points of each player who played a counted game in it: completed matches, series MVP included. */
export const weekPlayerPoints = (rules: ScoringRules, weekId: SQL) => sql`
  select x.player_id, sum(x.points) as points
  from (${playerMatchPoints(rules, sql`m.week_id = ${weekId}`)}) x
  group by x.player_id`;

/**
 * A week whose completeness changed without a match's points moving (a match added to a complete week):
 * `captain_roster_delta` for every roster with a choice, by the vice's moment alone. False when nothing moves.
 */
export async function captainCompletenessDelta(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekId: string,
  wasComplete: boolean,
): Promise<boolean> {
  await db.execute(sql`drop table if exists pg_temp.captain_roster_delta`);
  if (!captainOn(rules)) return false;
  const isComplete = await weekComplete(db, weekId);
  if (isComplete === wasComplete) return false;
  const scope = sql`array[${weekId}]::uuid[]`;
  await db.execute(sql`
    create temporary table captain_roster_delta on commit drop as
    select d.roster_id, r.seq, d.points from (
      select roster_id, sum(points) as points from (
        select roster_id, points from (${captainBonusQuery(leagueId, rules, scope, { complete: isComplete })}) a
        union all
        select roster_id, -points from (${captainBonusQuery(leagueId, rules, scope, { complete: wasComplete })}) b
      ) x
      group by roster_id having sum(points) <> 0
    ) d join rosters r on r.id = d.roster_id`);
  return true;
}
