import { CHAMPION_TIERS, championBonus, type ScoringRules } from '@fantarift/core';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { captainLineups } from './captain-lineups.ts';
import { captainBonusQuery, captainCompletenessDelta, captainOn } from './captain-points.ts';
import { captainDelta, captureCaptains, dropCaptainTables } from './captain-save.ts';
import { lineupDeltas } from './lineup-deltas.ts';
import { addToTotal, addToWeek, lockSettledPoints, logPendingEvent, pointsFold } from './points-fold.ts';
import { lockPointsLog, packChanges, packedChanges } from './points-log.ts';
import type { RecomputeProgress } from './recompute-progress.ts';
import type { FreshWeeks } from './roster-week-sums.ts';
import { WEEK_CHUNK } from './roster-week-sums.ts';
import { computeWeekPoints, createFreshTotals } from './week-points.ts';

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

/** The champion bonus of each game row `st` (match_id, game_number, champion_id, team_name): DECISIONS 12. */
const championBonusJoins = (rules: ScoringRules) => sql`
  join champions c on c.id = st.champion_id
  left join match_games g on g.match_id = st.match_id and g.game_number = st.game_number
  join ${championBonusTable(rules)} on cb.tier = c.tier and cb.won = coalesce(g.winner = st.team_name, false)`;

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
    with mm as materialized (
      select m.id, m.week_id, m.date from matches m
      where m.league_id = ${leagueId} and m.completed and (${matchFilter})
    ),
    stats as materialized (
      select s.match_id, s.player_id, s.champion_id, s.game_number, s.team_name, coalesce(s.points, 0) as points
      from player_stats s join mm on mm.id = s.match_id
    ),
    -- who held each player of these matches when the match started (one row per roster, player, match)
    held_players as materialized (
      select rp.roster_id, rp.player_id, mm.id as match_id, mm.week_id
      from (select distinct match_id, player_id from stats) sp
      join mm on mm.id = sp.match_id
      join roster_players rp on rp.league_id = ${leagueId} and rp.player_id = sp.player_id and ${heldAt('rp')}
    ),
    -- who held each champion played in these matches when the match started
    held_champions as materialized (
      select rc.roster_id, rc.champion_id, mm.id as match_id
      from (select distinct match_id, champion_id from stats where champion_id is not null) sc
      join mm on mm.id = sc.match_id
      join roster_champions rc on rc.league_id = ${leagueId} and rc.champion_id = sc.champion_id and ${heldAt('rc')}
    ),
    player_points as (
      select match_id, player_id, sum(points) as points from stats group by match_id, player_id
    ),
    champion_games as (
      select st.match_id, st.player_id, st.champion_id, sum(cb.bonus) as bonus
      from stats st ${championBonusJoins(rules)}
      group by st.match_id, st.player_id, st.champion_id
    )
    select roster_id, week_id, sum(points) as points from (
      select hp.roster_id, hp.week_id, pp.points
      from held_players hp
      join player_points pp on pp.match_id = hp.match_id and pp.player_id = hp.player_id
      union all
      select hp.roster_id, hp.week_id, cg.bonus
      from champion_games cg
      join held_players hp on hp.match_id = cg.match_id and hp.player_id = cg.player_id
      join held_champions hc on hc.match_id = cg.match_id and hc.roster_id = hp.roster_id
        and hc.champion_id = cg.champion_id
      union all
      select hp.roster_id, hp.week_id, ${rules.seriesMvpPoints}::numeric
      from series_mvp sm
      join held_players hp on hp.match_id = sm.match_id and hp.player_id = sm.player_id
    ) contributions
    group by roster_id, week_id`;
}

/**
 * Appends one event to the points ledger: the rosters of `changed` (a CTE with `id`, `seq`, `delta`) and their
 * deltas side by side (both arrays are filled in one pass over the same rows, so they line up without
 * sorting 67,000 ids twice); nothing when no roster changed. The statement returns `n`, the rosters logged.
 */
const ledgerInsert = (leagueId: string, reason: string) => sql`
    insert into roster_points_ledger (league_id, roster_ids, deltas, packed, reason)
    select ${leagueId}::uuid, array_agg(id), array_agg(delta), ${packedChanges(sql`changed`)}, ${reason}
    from changed having count(*) > 0
    returning cardinality(roster_ids) as n`;

const countLogged = (rows: { n: number | string }[]) => Number(rows[0]?.n ?? 0);

/**
 * Brings every roster's total back to sum(week points) + adjustment, logging each change in the points
 * ledger; returns the rosters whose total changed by more than 0.01.
 *
 * With `clearAdjustments` (a full or "from week N" recalculation, DECISIONS 15) every adjustment goes
 * too and the total becomes exactly the sum of its weeks. The ledgers keep their meaning: the points
 * ledger logs the change of the week sum, and roster_point_adjustments gets the adjustment's opposite
 * (reason 'recalculation'), so the historical leaderboard (ledger + adjustments) still adds up to the
 * total at every moment.
 */
export async function refreshTotals(
  db: DbOrTx,
  leagueId: string,
  reason = 'recalculation',
  /** weeks whose points are in `wp_fresh_totals` (createFreshTotals): summed from there, the rest from the table */
  freshWeekIds: string[] = [],
  { clearAdjustments = false }: { clearAdjustments?: boolean } = {},
): Promise<number> {
  await lockSettledPoints(db, leagueId);
  const newAdjustment = clearAdjustments ? sql`0::numeric` : sql`r2.points_adjustment`;
  let stored = sql`select p.roster_id, p.points from roster_week_points p
    where p.week_id in (select id from weeks where league_id = ${leagueId})`;
  if (freshWeekIds.length > 0) {
    // the league's other weeks by id: their rows are found by the key, never by scanning the fresh weeks'
    const { rows } = await db.execute<{ id: string }>(sql`
      select id from weeks where league_id = ${leagueId} and id <> all(${sql.param(freshWeekIds)}::uuid[])`);
    const others = rows.map((r) => r.id);
    const fromTable =
      others.length > 0
        ? sql`select p.roster_id, p.points from roster_week_points p where p.week_id = any(${sql.param(others)}::uuid[])
              union all `
        : sql``;
    stored = sql`${fromTable}select roster_id, cents / 100.0 as points from wp_fresh_totals`;
  }
  const result = await db.execute<{ n: number; changed: number }>(sql`
    with sums as (
      select roster_id, sum(points) as points from (${stored}) x
      group by roster_id
    ),
    target as (
      select r2.id, r2.total_points as old_total, r2.points_adjustment as old_adjustment,
             coalesce(s.points, 0) + ${newAdjustment} as total, ${newAdjustment} as adjustment
      from rosters r2 left join sums s on s.roster_id = r2.id
      where r2.league_id = ${leagueId}
    ),
    moved as (
      update rosters r set total_points = t.total, points_adjustment = t.adjustment, updated_at = now()
      from target t
      where t.id = r.id and (abs(t.old_total - t.total) > 0.01 or t.old_adjustment <> t.adjustment)
      returning r.id, r.seq, t.old_total, t.total, t.old_adjustment, t.adjustment
    ),
    cleared as (
      insert into roster_point_adjustments (roster_id, league_id, delta, reason)
      select id, ${leagueId}::uuid, adjustment - old_adjustment, ${reason} from moved where adjustment <> old_adjustment
    ),
    -- the points ledger logs what the weeks moved: the total's change less the adjustment's
    changed as (
      select id, seq, (total - adjustment) - (old_total - old_adjustment) as delta from moved
      where abs((total - adjustment) - (old_total - old_adjustment)) >= 0.005
    ),
    logged as (
      ${ledgerInsert(leagueId, reason)}
    )
    select (select n from logged) as n,
           (select count(*) from moved where abs(old_total - total) > 0.01)::int as changed`);
  return Number(result.rows[0]?.changed ?? 0);
}

/**
 * Recomputes the given weeks from scratch for every roster of the league (set-based, idempotent): the
 * week points come from `computeWeekPoints` (canonical holding intervals; the per-match
 * `contributionQuery` only when the rules are not in whole cents), then only week rows whose value
 * changes are written (a warm recalculation writes nothing), stale ones deleted, and totals refreshed.
 * Runs inside the caller's transaction. Returns the rosters whose total changed by more than 0.01.
 */
export async function recomputeWeeks(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekIds: string[],
  options: { clearAdjustments?: boolean; onProgress?: RecomputeProgress } = {},
): Promise<number> {
  // pending match changes written before the weeks are: the fold adds to week rows, these set them
  await lockSettledPoints(db, leagueId);
  const onProgress = options.onProgress ?? (() => {});
  if (weekIds.length === 0) {
    onProgress({ stage: 'totals' });
    return refreshTotals(db, leagueId, 'recalculation', [], options);
  }
  // one big set-based pass: hash tables in memory, and no JIT compile of plans whose row estimates
  // (from temporary tables) are far above what they really handle
  await db.execute(sql`set local work_mem = '256MB'`);
  await db.execute(sql`set local jit = off`);
  // every join below is over whole tables: hash joins; a nested loop planned from stale statistics
  // of roster_week_points (e.g. empty before a cold recalculation) would rescan it per row, and a merge
  // join sorts millions of holdings on disk to meet a few thousand keys, where hashing the keys does not
  // (docs/leaderboard-at-scale.md has the figures)
  await db.execute(sql`set local enable_nestloop = off`);
  await db.execute(sql`set local enable_mergejoin = off`);
  // the captain's bonus is in the fast path's sums; the per-match path adds it in SQL
  let fresh = await computeWeekPoints(db, leagueId, rules, weekIds, onProgress);
  if (!fresh) {
    fresh = await perMatchWeekPoints(db, leagueId, rules, weekIds, onProgress);
    if (captainOn(rules)) await addCaptainBonuses(db, leagueId, rules, fresh);
  }
  const scope = sql`${sql.param(weekIds)}::uuid[]`;
  const stored = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from roster_week_points where week_id = any(${scope})) as any`,
  );
  // week by week: each week's rows are a range of the key, written (or compared) in key order
  for (const [i, { weekId, table, column }] of fresh.weeks.entries()) {
    onProgress({ stage: 'write', done: i, total: fresh.weeks.length });
    const points = sql`(f.${sql.raw(column)} / 100.0)::numeric(12, 2)`;
    const rows = sql`from ${sql.raw(table)} f where f.${sql.raw(column)} is not null`;
    if (!stored.rows[0]?.any) {
      // nothing stored for these weeks yet (a cold recalculation): every fresh row goes in, as it comes
      await db.execute(sql`
        insert into roster_week_points (week_id, roster_id, points, updated_at)
        select ${weekId}::uuid, f.roster_id, ${points}, now() ${rows}`);
      continue;
    }
    // one comparison of the week's stored and fresh rows; only the differences are written
    await db.execute(sql`
      create temporary table week_points_diff on commit drop as
      select coalesce(f.roster_id, w.roster_id) as roster_id, f.points, w.roster_id is not null as stored
      from (select f.roster_id, ${points} as points ${rows}) f
      full join (select roster_id, points from roster_week_points where week_id = ${weekId}) w
        on w.roster_id = f.roster_id
      where w.roster_id is null or f.roster_id is null or abs(w.points - f.points) >= 0.005`);
    await db.execute(sql`
      update roster_week_points w set points = d.points, updated_at = now()
      from week_points_diff d
      where d.stored and d.points is not null and w.week_id = ${weekId} and w.roster_id = d.roster_id`);
    await db.execute(sql`
      insert into roster_week_points (week_id, roster_id, points, updated_at)
      select ${weekId}::uuid, d.roster_id, d.points, now() from week_points_diff d
      where not d.stored
      order by d.roster_id`);
    await db.execute(sql`
      delete from roster_week_points w using week_points_diff d
      where d.points is null and w.week_id = ${weekId} and w.roster_id = d.roster_id`);
    await db.execute(sql`drop table pg_temp.week_points_diff`);
  }
  // weeks in scope without a completed match keep no rows
  const computed = new Set(fresh.weeks.map((w) => w.weekId));
  const empty = weekIds.filter((id) => !computed.has(id));
  if (stored.rows[0]?.any && empty.length > 0) {
    await db.execute(sql`delete from roster_week_points where week_id = any(${sql.param(empty)}::uuid[])`);
  }
  onProgress({ stage: 'write', done: fresh.weeks.length, total: fresh.weeks.length });
  // totals from what was just computed (and the stored rows of the other weeks), not re-read
  onProgress({ stage: 'totals' });
  const changed = await refreshTotals(db, leagueId, 'recalculation', weekIds, options);
  await db.execute(sql`reset enable_nestloop`);
  await db.execute(sql`reset enable_mergejoin`);
  return changed;
}

/**
 * The weekly captain's bonus (captain-points.ts) added to the fresh week points, one update per week table:
 * a bonus goes to a roster that held its captain or vice in a match of that week, so its week already has a
 * row there. The fresh totals are then summed again.
 */
async function addCaptainBonuses(db: DbOrTx, leagueId: string, rules: ScoringRules, fresh: FreshWeeks) {
  if (fresh.weeks.length === 0) return;
  await db.execute(sql`drop table if exists pg_temp.wp_captain`);
  await db.execute(sql`
    create temporary table wp_captain on commit drop as
    select roster_id, week_id, round(points * 100)::int as cents
    from (${captainBonusQuery(leagueId, rules, sql`${sql.param(fresh.weeks.map((w) => w.weekId))}::uuid[]`)}) b`);
  await db.execute(sql`analyze pg_temp.wp_captain`);
  for (const { table, columns } of fresh.tables) {
    const weeksHere = fresh.weeks.filter((w) => w.table === table);
    const pivot = weeksHere.map(
      (w) => sql`sum(cents) filter (where week_id = ${w.weekId}::uuid) as ${sql.raw(w.column)}`,
    );
    const sets = Array.from({ length: columns }, (_, i) =>
      sql.raw(`c${i} = case when x.c${i} is null then t.c${i} else coalesce(t.c${i}, 0) + x.c${i} end`),
    );
    await db.execute(sql`
      update ${sql.raw(table)} t set ${sql.join(sets, sql`, `)}
      from (select roster_id, ${sql.join(pivot, sql`, `)} from wp_captain group by roster_id) x
      where x.roster_id = t.roster_id`);
  }
  await db.execute(sql`drop table pg_temp.wp_captain`);
  await createFreshTotals(db, fresh);
}

/**
 * The per-match path (`contributionQuery`), when the rules are not in whole cents: its rows, rounded to
 * the cent as stored, pivoted into the same week tables as `computeWeekPoints` leaves.
 */
async function perMatchWeekPoints(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekIds: string[],
  onProgress: RecomputeProgress,
): Promise<FreshWeeks> {
  await db.execute(sql`drop table if exists pg_temp.week_points_fresh`);
  await db.execute(sql`
    create temporary table week_points_fresh on commit drop as
    select roster_id, week_id, round(points, 2) as points
    from (${contributionQuery(leagueId, rules, sql`m.week_id = any(${sql.param(weekIds)}::uuid[])`)}) c`);
  const { rows } = await db.execute<{ week_id: string }>(
    sql`select distinct week_id from week_points_fresh order by week_id`,
  );
  const weeks = rows.map((r) => r.week_id);
  const fresh: FreshWeeks = { weeks: [], tables: [] };
  for (let from = 0; from < weeks.length; from += WEEK_CHUNK) {
    const chunk = weeks.slice(from, from + WEEK_CHUNK);
    const table = `wp_sums_${fresh.tables.length}`;
    await db.execute(sql`drop table if exists ${sql.raw(`pg_temp.${table}`)}`);
    await db.execute(sql`
      create temporary table ${sql.raw(table)} on commit drop as
      select roster_id, ${sql.join(
        chunk.map(
          (w, i) =>
            sql`(sum(round(points * 100)) filter (where week_id = ${w}::uuid))::int as ${sql.raw(`c${i}`)}`,
        ),
        sql`, `,
      )}
      from week_points_fresh group by roster_id order by roster_id`);
    fresh.tables.push({ table, columns: chunk.length });
    for (const [i, weekId] of chunk.entries()) fresh.weeks.push({ weekId, table, column: `c${i}` });
  }
  await db.execute(sql`drop table pg_temp.week_points_fresh`);
  await createFreshTotals(db, fresh);
  onProgress({ stage: 'week', first: 1, last: weekIds.length, weeks: weekIds.length, done: 1, total: 1 });
  return fresh;
}

/**
 * What one match gives to whoever held its players and champions at its start, before any roster is
 * looked at: per player, his game points plus the series MVP points (DECISIONS 11, 13); per (player,
 * champion) he played, the champion bonus (DECISIONS 12). Nothing when the match is not completed.
 */
function matchFactsQuery(rules: ScoringRules, matchId: string): SQL {
  return sql`
    with st as (
      select s.match_id, s.player_id, s.champion_id, s.game_number, s.team_name, coalesce(s.points, 0) as points
      from player_stats s join matches m on m.id = s.match_id
      where m.id = ${matchId} and m.completed
    )
    select player_id, null::uuid as champion_id, sum(points) as points from st group by player_id
    union all
    select sm.player_id, null::uuid, ${rules.seriesMvpPoints}::numeric
    from series_mvp sm
    where sm.match_id = ${matchId} and sm.player_id in (select player_id from st)
    union all
    select st.player_id, st.champion_id, sum(cb.bonus)
    from st ${championBonusJoins(rules)}
    group by st.player_id, st.champion_id`;
}

/**
 * Incremental update after one match changed (statistics saved, series MVP set, completed, reopened or
 * deleted). Before the change, the match's facts (per player and per played champion, a few dozen rows)
 * and its start are captured; after it, their difference meets the holdings at the match start once:
 * each roster's delta is added to its week row and its total and logged in the points ledger, in one
 * statement, touching only the rosters whose points move. The match's start and week never change here.
 * In a league of more than `pointsFold.inlineMax` rosters the deltas are computed in the server from the
 * rosters' lineups (lineup-deltas.ts) and logged as one pending event; its week rows and totals are
 * written by the fold, right after the commit (points-fold.ts).
 */
export async function captureMatchContribution(
  db: DbOrTx,
  rules: ScoringRules,
  matchId: string,
): Promise<void> {
  await db.execute(sql`drop table if exists pg_temp.match_facts_before, pg_temp.match_facts_when`);
  await db.execute(sql`
    create temporary table match_facts_when on commit drop as
    select date, week_id from matches where id = ${matchId}`);
  await db.execute(sql`analyze pg_temp.match_facts_when`);
  await db.execute(
    sql`create temporary table match_facts_before on commit drop as ${matchFactsQuery(rules, matchId)}`,
  );
  await captureCaptains(db, rules, matchId);
}

/** What a match change moved, and whether it left its points pending (points-fold.ts: `foldAfter`). */
export interface MatchDelta {
  rostersUpdated: number;
  pending: boolean;
}

export async function applyMatchDelta(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  matchId: string,
  reason = 'match',
): Promise<MatchDelta> {
  await db.execute(
    sql`drop table if exists pg_temp.match_facts_delta, pg_temp.match_holders, pg_temp.match_roster_delta`,
  );
  // what moved: a few dozen (player[, champion]) rows
  await db.execute(sql`
    create temporary table match_facts_delta on commit drop as
    select player_id, champion_id, sum(points) as points from (
      select player_id, champion_id, -points as points from match_facts_before
      union all
      select player_id, champion_id, points from (${matchFactsQuery(rules, matchId)}) after
    ) f
    group by player_id, champion_id
    having sum(points) <> 0`);
  await db.execute(sql`analyze pg_temp.match_facts_delta`);
  const { rows: when } = await db.execute<{ week_id: string }>(sql`select week_id from match_facts_when`);
  const weekId = when[0]!.week_id;
  if (await isBigLeague(db, leagueId)) {
    // the rosters' deltas, the captain's bonus with them, computed in the server from the lineups and logged as
    // one pending event; the fold writes the rest. Its statements hash and aggregate up to a row per roster (a
    // million): the default 4 MB of memory an operation sends them to disk.
    await db.execute(sql`set local work_mem = '64MB'`);
    const captain = await captainLineups(db, leagueId, rules);
    const moved =
      captain === 'sql' ? null : await lineupDeltas(db, leagueId, captain === 'none' ? undefined : captain);
    const packed = moved && moved.seqs.length > 0 ? packChanges(moved.seqs, moved.cents) : null;
    if (moved && (moved.seqs.length === 0 || packed)) {
      if (packed) await logPendingEvent(db, { leagueId, weekId, reason, packed, matchId });
      await dropMatchTables(db);
      return { rostersUpdated: moved.seqs.length, pending: packed !== null };
    }
  }
  // the captains' bonus of the week, moved by the change (captain-save.ts): set-based
  const captains = await captainDelta(db, rules);
  // who it moves: the holders at the match start of those players (and, for a bonus, of the champion too);
  // hash joins all the way: the holders' row estimates are far too low, so the planner would otherwise
  // probe an index once per holder (nested loop) or sort them (merge join)
  await db.execute(sql`set local enable_mergejoin = off`);
  await db.execute(sql`set local enable_nestloop = off`);
  // and room in memory for the per-roster sums and the writes' joins (67,000 rosters) without spilling
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.execute(sql`
    create temporary table match_holders on commit drop as
    select rp.roster_id, rp.player_id
    from match_facts_when mm
    join roster_players rp on rp.league_id = ${leagueId} and ${heldAt('rp')}
    where rp.player_id in (select player_id from match_facts_delta)`);
  await db.execute(sql`analyze pg_temp.match_holders`);
  await db.execute(sql`
    create temporary table match_roster_delta on commit drop as
    select roster_id, round(sum(points), 2) as points from (
      select hp.roster_id, f.points
      from match_holders hp join match_facts_delta f on f.player_id = hp.player_id and f.champion_id is null
      union all
      -- the champions' holders stream past the few (player, champion) facts, and a bonus counts where
      -- the same roster also held that player
      select rc.roster_id, f.points
      from match_facts_when mm
      join roster_champions rc on rc.league_id = ${leagueId} and ${heldAt('rc')}
      join match_facts_delta f on f.champion_id = rc.champion_id
      join match_holders hp on hp.roster_id = rc.roster_id and hp.player_id = f.player_id
      ${captains ? sql`union all select roster_id, points from captain_roster_delta` : sql``}
    ) held
    group by roster_id
    having abs(round(sum(points), 2)) >= 0.005`);
  await db.execute(sql`reset enable_mergejoin`);
  await db.execute(sql`reset enable_nestloop`);
  await db.execute(sql`analyze pg_temp.match_roster_delta`);
  // one statement: week rows, totals, one ledger event
  await lockPointsLog(db, leagueId, { matchId });
  const result = await db.execute<{ n: number }>(sql`
    with ${addToWeek(sql`match_roster_delta`, weekId)},
    ${addToTotal(sql`match_roster_delta`)}
    ${ledgerInsert(leagueId, reason)}`);
  await db.execute(sql`reset work_mem`);
  await dropMatchTables(db);
  return { rostersUpdated: countLogged(result.rows), pending: false };
}

const dropMatchTables = async (db: DbOrTx) => {
  await db.execute(sql`drop table if exists pg_temp.match_facts_before, pg_temp.match_facts_when,
    pg_temp.match_facts_delta, pg_temp.match_holders, pg_temp.match_roster_delta`);
  await dropCaptainTables(db);
};

/**
 * `captain_roster_delta` logged as one pending event of the week (the fold writes its week rows and totals);
 * returns the rosters it names (0: nothing logged).
 */
async function logCaptainEvent(
  db: DbOrTx,
  leagueId: string,
  weekId: string,
  reason: string,
  matchId: string,
) {
  await lockPointsLog(db, leagueId, matchId ? { matchId } : {});
  const { rows } = await db.execute<{ n: number }>(sql`
    with changed as (
      select roster_id as id, seq, points as delta from captain_roster_delta where abs(points) >= 0.005
    )
    insert into roster_points_ledger (league_id, roster_ids, deltas, packed, reason, week_id, pending)
    select ${leagueId}::uuid, '{}', '{}', ${packedChanges(sql`changed`)}, ${reason}, ${weekId}::uuid, true
    from changed having count(*) > 0
    returning (select count(*) from changed)::int as n`);
  return countLogged(rows);
}

/**
 * After a change that made a week complete or not without moving a match's points (a match added to it): the
 * vices' bonus in or out, as a match change's points (written now, or pending in a big league). Call it with
 * the week's completeness from before the change.
 */
export async function applyCaptainCompleteness(
  db: DbOrTx,
  leagueId: string,
  rules: ScoringRules,
  weekId: string,
  wasComplete: boolean,
  matchId?: string,
): Promise<MatchDelta> {
  if (!(await captainCompletenessDelta(db, leagueId, rules, weekId, wasComplete)))
    return { rostersUpdated: 0, pending: false };
  if (await isBigLeague(db, leagueId)) {
    const n = await logCaptainEvent(db, leagueId, weekId, 'match:captain', matchId ?? '');
    await dropCaptainTables(db);
    return { rostersUpdated: n, pending: n > 0 };
  }
  await lockPointsLog(db, leagueId, matchId ? { matchId } : {});
  const result = await db.execute<{ n: number }>(sql`
    with deltas as materialized (select roster_id, points from captain_roster_delta where abs(points) >= 0.005),
    ${addToWeek(sql`deltas`, weekId)},
    ${addToTotal(sql`deltas`)}
    ${ledgerInsert(leagueId, 'match:captain')}`);
  await dropCaptainTables(db);
  return { rostersUpdated: countLogged(result.rows), pending: false };
}

/** More rosters than a match change rewrites in its own transaction (points-fold.ts). */
async function isBigLeague(db: DbOrTx, leagueId: string): Promise<boolean> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select participant_count as n from leagues where id = ${leagueId}`,
  );
  return Number(rows[0]?.n ?? 0) > pointsFold.inlineMax;
}
