import type { ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  captainBonusQuery,
  captainFactors,
  captainOn,
  choosersOf,
  playerMatchPoints,
  weekComplete,
  weekPlayerPoints,
} from './captain-points.ts';

/**
 * The weekly captain in a match change (statistics, series MVP, completed, reopened, deleted, the importer's
 * few-match path). A change moves neither holdings nor choices, and only the bonus of a roster whose choice names
 * a player whose points or presence in the match moved (every roster's, when the week became complete or stopped
 * being). A roster whose lineup last changed before the week's first match (`roster_lineups.changed_at`, migration
 * 0016) held all week what it holds now: its bonus depends only on its key (captain, vice, held or not), the
 * week's player points and its completeness. The other rosters (a trade or an edit during or after the week) keep
 * the per-roster computation (`captainBonusQuery`), now and as the week was (the match as captured).
 *
 * Before the change this captures only the week and the match: a row per player who played that week and per
 * player of the match. After it, the delta is applied in SQL (`captainDelta`, here) or in the server's pass over
 * the lineups of a big league (captain-lineups.ts), which reads the same tables.
 */
export async function captureCaptains(db: DbOrTx, rules: ScoringRules, matchId: string): Promise<void> {
  await dropCaptainTables(db);
  if (!captainOn(rules)) return;
  const { rows } = await db.execute<{ league_id: string; week_id: string }>(
    sql`select league_id, week_id from matches where id = ${matchId}`,
  );
  const match = rows[0];
  if (!match) return;
  const complete = await weekComplete(db, match.week_id);
  await db.execute(sql`
    create temporary table captain_week on commit drop as
    select ${match.league_id}::uuid as league_id, ${match.week_id}::uuid as week_id, ${matchId}::uuid as match_id,
           ${complete}::boolean as complete,
           (select min(date) from matches where week_id = ${match.week_id}) as first_start`);
  await db.execute(sql`
    create temporary table captain_match on commit drop as
    select id, week_id, date, completed from matches where id = ${matchId}`);
  await db.execute(sql`
    create temporary table captain_points_before on commit drop as
    ${weekPlayerPoints(rules, sql`${match.week_id}::uuid`)}`);
  await db.execute(sql`
    create temporary table captain_match_before on commit drop as ${matchPlayerPoints(rules, matchId)}`);
}

/** Each player's points in the match when it is completed (none otherwise), series MVP included. */
const matchPlayerPoints = (rules: ScoringRules, matchId: string) => sql`
  select x.player_id, x.points from (${playerMatchPoints(rules, sql`m.id = ${matchId}`)}) x`;

/** What `captureCaptains` kept of the week, or null when the league has no captain. */
export async function capturedWeek(db: DbOrTx): Promise<{
  leagueId: string;
  weekId: string;
  matchId: string;
  wasComplete: boolean;
  firstStart: string;
} | null> {
  const { rows: found } = await db.execute<{ found: boolean }>(
    sql`select to_regclass('pg_temp.captain_week') is not null as found`,
  );
  if (!found[0]?.found) return null;
  const { rows } = await db.execute<{
    league_id: string;
    week_id: string;
    match_id: string;
    complete: boolean;
    first_start: string;
  }>(
    sql`select league_id, week_id, match_id, complete, first_start::text as first_start from pg_temp.captain_week`,
  );
  const w = rows[0];
  return w
    ? {
        leagueId: w.league_id,
        weekId: w.week_id,
        matchId: w.match_id,
        wasComplete: Boolean(w.complete),
        firstStart: w.first_start,
      }
    : null;
}

/**
 * After the change: `captain_moved`, the players whose points or presence in the match moved, and the week's
 * player points now (`captain_points_after`).
 */
export async function createMoved(
  db: DbOrTx,
  rules: ScoringRules,
  week: { weekId: string; matchId: string },
) {
  await db.execute(sql`drop table if exists pg_temp.captain_points_after, pg_temp.captain_moved`);
  await db.execute(sql`
    create temporary table captain_points_after on commit drop as
    ${weekPlayerPoints(rules, sql`${week.weekId}::uuid`)}`);
  await db.execute(sql`
    create temporary table captain_moved on commit drop as
    select coalesce(a.player_id, b.player_id) as player_id
    from (${matchPlayerPoints(rules, week.matchId)}) a full join captain_match_before b on b.player_id = a.player_id
    where a.points is distinct from b.points`);
}

/**
 * The rosters whose holdings moved since the week's first match and whose choice names a moved player (every
 * one with a choice when the week's completeness moved): each one's bonus now less as the week was (rows
 * `roster_id, seq, points`, zeros left out).
 */
export async function changedRostersDelta(
  db: DbOrTx,
  rules: ScoringRules,
  week: { leagueId: string; weekId: string; matchId: string; wasComplete: boolean },
  everyChooser: boolean,
): Promise<SQL> {
  await db.execute(sql`drop table if exists pg_temp.captain_rosters`);
  // the moved rosters first, then each one's choice in force by its key (a few index reads per roster)
  await db.execute(sql`
    create temporary table captain_rosters on commit drop as
    select l.roster_id from roster_lineups l cross join captain_week w
    where l.league_id = ${week.leagueId} and l.changed_at >= w.first_start`);
  await db.execute(sql`analyze pg_temp.captain_rosters`);
  if (!everyChooser) {
    await db.execute(sql`
      delete from captain_rosters x where not exists (
        select 1 from (
          select c.captain_player_id, c.vice_player_id from roster_captains c join weeks wk on wk.id = c.week_id
          where c.roster_id = x.roster_id
            and wk.week_number <= (select week_number from weeks where id = ${week.weekId})
          order by wk.week_number desc limit 1
        ) c
        where c.captain_player_id in (select player_id from captain_moved)
           or c.vice_player_id in (select player_id from captain_moved))`);
  }
  const scope = sql`array[${week.weekId}]::uuid[]`;
  const rosters = sql`c.roster_id in (select roster_id from captain_rosters)`;
  return sql`
    select d.roster_id, l.roster_seq as seq, d.points from (
      select roster_id, sum(points) as points from (
        select roster_id, points from (${captainBonusQuery(week.leagueId, rules, scope, { rosters })}) a
        union all
        select roster_id, -points from (${captainBonusQuery(week.leagueId, rules, scope, {
          rosters,
          beforeMatchId: week.matchId,
          complete: week.wasComplete,
        })}) b
      ) x group by roster_id having sum(points) <> 0
    ) d join roster_lineups l using (roster_id)`;
}

/**
 * The bonus of each key of `captain_keys` (a captain and a vice, each held through the whole week or not at all),
 * from the week's player points in `points` and the week's completeness.
 */
const keyBonusQuery = (rules: ScoringRules, points: SQL, complete: boolean) => {
  const factors = captainFactors(rules);
  return sql`
    select k.captain_player_id, k.vice_player_id, k.captain_held, k.vice_held,
           round(coalesce(cp.points, 0) * f.captain + coalesce(vp.points, 0) * f.vice, 2) as points
    from captain_keys k
    left join ${points} cp on k.captain_held and cp.player_id = k.captain_player_id
    left join ${points} vp on k.vice_held and vp.player_id = k.vice_player_id
    join (values ${sql.join(factors, sql`, `)}) as f(captain_played, vice_played, complete, captain, vice)
      on f.captain_played = (cp.player_id is not null) and f.vice_played = (vp.player_id is not null)
     and f.complete = ${complete}::boolean`;
};

/** Stands for "no vice" in a key, so keys meet by plain equality (a hash join). */
const NO_VICE = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * After the change, set-based: `captain_roster_delta (roster_id, seq, points)`, what the change moved each
 * roster's captain bonus of the week by. Rosters that held all week what they hold now by their key (only those
 * whose choice names a player whose week moved, or every one when the week became complete or stopped being);
 * the others by their own bonus, now less before. False (and no table) when the league has no captain.
 */
export async function captainDelta(db: DbOrTx, rules: ScoringRules): Promise<boolean> {
  await db.execute(sql`drop table if exists pg_temp.captain_roster_delta`);
  const week = await capturedWeek(db);
  if (!week) return false;
  const isComplete = await weekComplete(db, week.weekId);
  const everyChooser = week.wasComplete !== isComplete;
  await db.execute(sql`drop table if exists pg_temp.captain_choosers, pg_temp.captain_keys`);
  await createMoved(db, rules, week);
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.execute(sql`
    create temporary table captain_choosers on commit drop as
    select l.roster_id, l.roster_seq as seq,
           c.captain_player_id, coalesce(c.vice_player_id, ${NO_VICE}) as vice_player_id,
           cp.num = any(l.players) as captain_held, coalesce(vp.num = any(l.players), false) as vice_held
    from (${choosersOf(week.leagueId, week.weekId, everyChooser ? null : sql`captain_moved`)}) c
    join roster_lineups l on l.roster_id = c.roster_id
    cross join captain_week w
    join players cp on cp.id = c.captain_player_id
    left join players vp on vp.id = c.vice_player_id
    where l.changed_at < w.first_start`);
  await db.execute(sql`
    create temporary table captain_keys on commit drop as
    select distinct captain_player_id, vice_player_id, captain_held, vice_held from captain_choosers`);
  await db.execute(sql`
    create temporary table captain_roster_delta on commit drop as
    select r.roster_id, r.seq, d.points from captain_choosers r join (
      select a.captain_player_id, a.vice_player_id, a.captain_held, a.vice_held, a.points - b.points as points
      from (${keyBonusQuery(rules, sql`captain_points_after`, isComplete)}) a
      join (${keyBonusQuery(rules, sql`captain_points_before`, week.wasComplete)}) b
        using (captain_player_id, vice_player_id, captain_held, vice_held)
      where a.points <> b.points
    ) d using (captain_player_id, vice_player_id, captain_held, vice_held)
    union all
    ${await changedRostersDelta(db, rules, week, everyChooser)}`);
  await db.execute(sql`analyze pg_temp.captain_roster_delta`);
  return true;
}

export const dropCaptainTables = (db: DbOrTx) =>
  db.execute(sql`drop table if exists pg_temp.captain_week, pg_temp.captain_match, pg_temp.captain_points_before,
    pg_temp.captain_match_before, pg_temp.captain_points_after, pg_temp.captain_moved, pg_temp.captain_choosers,
    pg_temp.captain_keys, pg_temp.captain_rosters, pg_temp.captain_roster_delta`);
