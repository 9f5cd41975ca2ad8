import { captainFactorRows, type ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

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
    /** the week as it was without this match (a match change's "before", for rosters it did not touch) */
    excludeMatchId?: string;
    /** the week's completeness as given, not as the matches say */
    complete?: boolean;
  } = {},
): SQL {
  const factors = captainFactorRows(rules).map(
    (r) =>
      sql`(${r.captainPlayed}::boolean, ${r.vicePlayed}::boolean, ${r.weekComplete}::boolean, ${r.captain}::numeric, ${r.vice}::numeric)`,
  );
  const excluded = options.excludeMatchId ? sql`and m.id <> ${options.excludeMatchId}::uuid` : sql``;
  const complete =
    options.complete === undefined
      ? sql`(exists (select 1 from matches m where m.week_id = w.id ${excluded})
             and not exists (select 1 from matches m where m.week_id = w.id and not m.completed ${excluded}))`
      : sql`${options.complete}::boolean`;
  const rosters = options.rosters ? sql`and ${options.rosters}` : sql``;
  return sql`
    with cw as materialized (
      select w.id as week_id, w.week_number, ${complete} as complete
      from weeks w where w.league_id = ${leagueId} and w.id = any(${weekIds})
    ),
    cm as materialized (
      select m.id, m.week_id, m.date, cw.week_number from matches m join cw on cw.week_id = m.week_id
      where m.completed ${excluded}
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
        from player_stats s join cm on cm.id = s.match_id
        group by s.player_id, cm.id, cm.week_id, cm.week_number, cm.date
      ) x cross join starts st
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
 * `player_id`) as captain or vice: the choices up to the week naming them, kept when no later choice of the
 * roster (up to the week) replaces them.
 */
export const choosersOf = (leagueId: string, weekId: string, players: SQL) => sql`
  select c.roster_id, c.captain_player_id, c.vice_player_id
  from roster_captains c join weeks wk on wk.id = c.week_id
  cross join (select week_number as n from weeks where id = ${weekId}) upto
  where c.league_id = ${leagueId} and wk.week_number <= upto.n
    and (c.captain_player_id in (select player_id from ${players})
         or c.vice_player_id in (select player_id from ${players}))
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

/** The week's points of each player who played a counted game in it: completed matches, series MVP included. */
const weekPlayerPoints = (rules: ScoringRules, weekId: SQL, excludeMatchId?: string) => sql`
  select x.player_id, sum(x.points + ${rules.seriesMvpPoints}::numeric * (
           select count(*) from series_mvp sm where sm.match_id = x.match_id and sm.player_id = x.player_id)) as points
  from (
    select s.player_id, s.match_id, sum(coalesce(s.points, 0)) as points
    from player_stats s join matches m on m.id = s.match_id
    where m.week_id = ${weekId} and m.completed ${excludeMatchId ? sql`and m.id <> ${excludeMatchId}::uuid` : sql``}
    group by s.player_id, s.match_id
  ) x
  group by x.player_id`;

/**
 * The bonus of each key of `captain_keys` (a captain and a vice, each held through the whole week or not at
 * all) for the week of `captain_week`, as its matches and statistics are now: one row per key, a few hundred.
 */
const keyBonusQuery = (rules: ScoringRules, complete: boolean) => {
  const factors = captainFactorRows(rules).map(
    (r) =>
      sql`(${r.captainPlayed}::boolean, ${r.vicePlayed}::boolean, ${r.weekComplete}::boolean, ${r.captain}::numeric, ${r.vice}::numeric)`,
  );
  return sql`
    with pts as materialized (${weekPlayerPoints(rules, sql`(select week_id from captain_week)`)})
    select k.captain_player_id, k.vice_player_id, k.captain_held, k.vice_held,
           round(coalesce(cp.points, 0) * f.captain + coalesce(vp.points, 0) * f.vice, 2) as points
    from captain_keys k
    left join pts cp on k.captain_held and cp.player_id = k.captain_player_id
    left join pts vp on k.vice_held and vp.player_id = k.vice_player_id
    join (values ${sql.join(factors, sql`, `)}) as f(captain_played, vice_played, complete, captain, vice)
      on f.captain_played = (cp.player_id is not null) and f.vice_played = (vp.player_id is not null)
     and f.complete = ${complete}::boolean`;
};

/** Stands for "no vice" in a key, so keys meet by plain equality (a hash join). */
const NO_VICE = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/**
 * Before a match change: the players it may move a captain's bonus of (its statistics' players and its teams'),
 * the rosters whose choice for its week names one of them, and their bonus of the week as it is, and whether the
 * week is complete. Temporary tables, dropped on commit; nothing when the league has no captain.
 *
 * A match change moves neither holdings nor choices, so a roster's bonus is a function of its key: its captain
 * and vice, and whether it held each through the whole week. A roster whose lineup last changed before the week's
 * first match held all week what it holds now (migration 0016): its key is read from its lineup, and the bonus is
 * computed once per key, before and after. The others (a trade during or after the week) keep the per-roster
 * computation (`captainBonusQuery`), a few rows.
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
    select ${match.week_id}::uuid as week_id, ${complete}::boolean as complete,
           (select min(date) from matches where week_id = ${match.week_id}) as first_start`);
  await db.execute(sql`
    create temporary table captain_players_before on commit drop as
    select player_id from player_stats where match_id = ${matchId}
    union
    select p.id from players p join matches m on p.team in (m.team1, m.team2) where m.id = ${matchId}`);
  // hash tables in memory for the hundreds of thousands of choosers of a big league, and no JIT compile of
  // plans whose estimates come from temporary tables
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.execute(sql`set local jit = off`);
  await db.execute(sql`
    create temporary table captain_choices on commit drop as
    ${choosersOf(match.league_id, match.week_id, sql`captain_players_before`)}`);
  await db.execute(sql`analyze pg_temp.captain_choices`);
  // each chooser with its number and its key, or no key (null) when its lineup changed since the week began
  await db.execute(sql`
    create temporary table captain_choosers on commit drop as
    select c.roster_id, coalesce(l.roster_seq, (select seq from rosters where id = c.roster_id)) as seq,
           c.captain_player_id, coalesce(c.vice_player_id, ${NO_VICE}) as vice_player_id,
           case when l.changed_at < w.first_start then cp.num = any(l.players) end as captain_held,
           case when l.changed_at < w.first_start then coalesce(vp.num = any(l.players), false) end as vice_held
    from captain_choices c
    cross join captain_week w
    join players cp on cp.id = c.captain_player_id
    left join players vp on vp.id = c.vice_player_id
    left join roster_lineups l on l.roster_id = c.roster_id`);
  await db.execute(sql`
    create temporary table captain_keys on commit drop as
    select distinct captain_player_id, vice_player_id, captain_held, vice_held
    from captain_choosers where captain_held is not null`);
  await db.execute(sql`
    create temporary table captain_key_before on commit drop as ${keyBonusQuery(rules, complete)}`);
  await db.execute(sql`
    create temporary table captain_rosters_before on commit drop as
    select roster_id from captain_choosers where captain_held is null`);
  await db.execute(sql`analyze pg_temp.captain_rosters_before`);
  await db.execute(sql`
    create temporary table captain_before on commit drop as
    select roster_id, points from (${captainBonusQuery(
      match.league_id,
      rules,
      sql`array[${match.week_id}]::uuid[]`,
      { rosters: sql`c.roster_id in (select roster_id from captain_rosters_before)` },
    )}) b`);
}

/**
 * After the change: `captain_roster_delta (roster_id, points)`, what the change moved each roster's captain
 * bonus of the week by: the rosters captured before, by their key's bonus now less before (or, without a key,
 * their own); those that chose a player who has statistics in the match only now (their "before" is the week
 * without the match); and, when the change made the week complete or not, every other roster with a choice, by
 * the vice's moment alone. Each roster is in one part only. Returns false (and leaves no table) when the league
 * has no captain or nothing was captured.
 */
export async function captainDelta(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  matchId: string,
): Promise<boolean> {
  await db.execute(
    sql`drop table if exists pg_temp.captain_roster_delta, pg_temp.captain_players_new, pg_temp.captain_rosters_new`,
  );
  if (!captainOn(rules)) return false;
  const { rows } = await db.execute<{ week_id: string; complete: boolean }>(
    sql`select week_id, complete from pg_temp.captain_week`,
  );
  const week = rows[0];
  if (!week) return false;
  const wasComplete = Boolean(week.complete);
  const isComplete = await weekComplete(db, week.week_id);
  const scope = sql`array[${week.week_id}]::uuid[]`;
  // choosers of a player who has statistics in the match only now (usually none: the league is not read)
  await db.execute(sql`
    create temporary table captain_players_new on commit drop as
    select player_id from player_stats where match_id = ${matchId}
    except
    select player_id from captain_players_before`);
  const { rows: anyNew } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from captain_players_new) as any`,
  );
  await db.execute(sql`
    create temporary table captain_rosters_new on commit drop as
    select roster_id from (${choosersOf(leagueId, week.week_id, sql`captain_players_new`)}) c
    where ${anyNew[0]?.any ? sql`true` : sql`false`}
      and c.roster_id not in (select roster_id from captain_choosers)`);
  await db.execute(sql`analyze pg_temp.captain_rosters_new`);
  const inBefore = sql`c.roster_id in (select roster_id from captain_rosters_before)`;
  const inNew = sql`c.roster_id in (select roster_id from captain_rosters_new)`;
  // per roster: their key's, then their own (joined with the rosters for their numbers)
  const keyed = sql`select r.roster_id, r.seq, d.points from captain_choosers r join (
          select a.captain_player_id, a.vice_player_id, a.captain_held, a.vice_held, a.points - b.points as points
          from (${keyBonusQuery(rules, isComplete)}) a
          join captain_key_before b using (captain_player_id, vice_player_id, captain_held, vice_held)
          where a.points <> b.points
        ) d using (captain_player_id, vice_player_id, captain_held, vice_held)`;
  const own = [
    sql`select roster_id, sum(points) from (
          select roster_id, points from (${captainBonusQuery(leagueId, rules, scope, { rosters: inBefore })}) a
          union all
          select roster_id, -points from captain_before
        ) x group by roster_id`,
    sql`select roster_id, sum(points) from (
          select roster_id, points from (${captainBonusQuery(leagueId, rules, scope, { rosters: inNew })}) a
          union all
          select roster_id, -points from (${captainBonusQuery(leagueId, rules, scope, {
            rosters: inNew,
            excludeMatchId: matchId,
            complete: wasComplete,
          })}) nb
        ) x group by roster_id`,
  ];
  if (wasComplete !== isComplete) {
    const others = sql`c.roster_id not in (select roster_id from captain_choosers)
      and c.roster_id not in (select roster_id from captain_rosters_new)`;
    own.push(
      sql`select roster_id, sum(points) from (
            select roster_id, points from (${captainBonusQuery(leagueId, rules, scope, { rosters: others, complete: isComplete })}) oa
            union all
            select roster_id, -points from (${captainBonusQuery(leagueId, rules, scope, { rosters: others, complete: wasComplete })}) ob
          ) x group by roster_id`,
    );
  }
  await db.execute(sql`
    create temporary table captain_roster_delta on commit drop as
    select roster_id, seq, points from (
      ${keyed}
      union all
      select o.roster_id, r.seq, o.points from (${sql.join(own, sql` union all `)}) o (roster_id, points)
      join rosters r on r.id = o.roster_id
    ) d
    where points <> 0`);
  await db.execute(sql`analyze pg_temp.captain_roster_delta`);
  return true;
}

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

export const dropCaptainTables = (db: DbOrTx) =>
  db.execute(sql`drop table if exists pg_temp.captain_players_before, pg_temp.captain_choices, pg_temp.captain_choosers, pg_temp.captain_keys,
    pg_temp.captain_key_before, pg_temp.captain_rosters_before, pg_temp.captain_before, pg_temp.captain_week,
    pg_temp.captain_players_new, pg_temp.captain_rosters_new, pg_temp.captain_roster_delta`);
