import { MESSAGES } from '@fantarift/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { matches, weeks } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { lockLeagueForCredit } from '../../lib/credit-locks.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { transactionWithRetry } from '../../lib/retry-transaction.ts';
import { lockSeasonVersion } from '../../lib/season-version.ts';
import type { Progress } from '../admin-jobs/index.ts';
import { PHASES, recomputeProgress } from '../admin-jobs/index.ts';
import { lockSettledPoints, recomputeWeeks, rulesForLeague, scoreMatches } from '../points/index.ts';

export interface MatchProblem {
  matchId: string;
  team1: string;
  team2: string;
  date: Date;
  weekName: string;
  errors: string[];
}

/** Admin spec §5 "Match validation before recalculation", for the completed matches of the given weeks. */
export async function validateMatches(
  db: DbOrTx,
  leagueId: string,
  weekIds: string[] | null,
): Promise<MatchProblem[]> {
  const rows = await db
    .select({ match: matches, weekName: weeks.name })
    .from(matches)
    .innerJoin(weeks, eq(weeks.id, matches.weekId))
    .where(and(eq(matches.leagueId, leagueId), eq(matches.completed, true)))
    .orderBy(asc(matches.date));
  const scoped = weekIds ? rows.filter((r) => weekIds.includes(r.match.weekId)) : rows;
  if (scoped.length === 0) return [];

  const ids = sql`${sql.param(scoped.map((r) => r.match.id))}::uuid[]`;
  // one after the other: `db` is usually the recalculation's transaction, one connection
  const statRows = await db.execute<{
    match_id: string;
    game_number: number;
    players: number;
    team_players: number;
    no_points: number;
  }>(sql`
      select s.match_id, s.game_number, count(*)::int as players,
             count(*) filter (where p.team in (m.team1, m.team2))::int as team_players,
             count(*) filter (where s.points is null)::int as no_points
      from player_stats s join matches m on m.id = s.match_id join players p on p.id = s.player_id
      where s.match_id = any(${ids}) group by 1, 2`);
  const objectiveRows = await db.execute<{ match_id: string; game_number: number; team_name: string }>(
    sql`select match_id, game_number, team_name from team_objectives where match_id = any(${ids})`,
  );
  const teamSizes = await db.execute<{ match_id: string; n: number }>(sql`
      select m.id as match_id, count(p.id)::int as n
      from matches m join players p on p.team in (m.team1, m.team2)
      where m.id = any(${ids}) group by m.id`);

  const problems: MatchProblem[] = [];
  for (const { match, weekName } of scoped) {
    const errors: string[] = [];
    if (!match.winner) errors.push(MESSAGES.stats.noWinner);
    else if (match.winner !== match.team1 && match.winner !== match.team2)
      errors.push(MESSAGES.stats.winnerNotInMatch);
    const played = match.gamesPlayed ?? 0;
    if (played < 1) errors.push(MESSAGES.stats.noGamesPlayed);
    const expected = Number(teamSizes.rows.find((t) => t.match_id === match.id)?.n ?? 0);
    let noPoints = 0;
    for (let game = 1; game <= played; game++) {
      const stat = statRows.rows.find((s) => s.match_id === match.id && Number(s.game_number) === game);
      if (!stat) {
        errors.push(MESSAGES.stats.missingGame(game));
      } else {
        const missing = expected - Number(stat.team_players);
        if (missing > 0) errors.push(MESSAGES.stats.missingPlayers(game, missing));
        noPoints += Number(stat.no_points);
      }
      for (const team of [match.team1, match.team2]) {
        const found = objectiveRows.rows.some(
          (o) => o.match_id === match.id && Number(o.game_number) === game && o.team_name === team,
        );
        if (!found) errors.push(MESSAGES.stats.missingObjectives(game, team));
      }
    }
    if (noPoints > 0) errors.push(MESSAGES.stats.noPoints(noPoints));
    if (errors.length > 0) {
      problems.push({
        matchId: match.id,
        team1: match.team1,
        team2: match.team2,
        date: match.date,
        weekName,
        errors,
      });
    }
  }
  return problems;
}

export type RecalculationMode =
  | { mode: 'full' }
  | { mode: 'fromWeek'; weekNumber: number }
  | { mode: 'singleWeek'; weekId: string }
  | { mode: 'reset' };

/**
 * Sets each roster's total to `newTotal` (an SQL expression over `r` and `t`) by moving its admin
 * adjustment, logging every move, so total = sum(week points) + adjustment keeps holding.
 */
async function setTotalsThroughAdjustment(
  db: DbOrTx,
  p: { leagueId: string; newTotal: ReturnType<typeof sql>; reason: string; adminUserId: string },
): Promise<number> {
  await lockSettledPoints(db, p.leagueId);
  const result = await db.execute(sql`
    with sums as (
      select w.roster_id, sum(w.points) as points from roster_week_points w
      where w.week_id in (select id from weeks where league_id = ${p.leagueId})
      group by w.roster_id
    ),
    target as (
      select r.id, r.points_adjustment as old_adjustment, ${p.newTotal} as new_total, coalesce(s.points, 0) as week_sum
      from rosters r left join sums s on s.roster_id = r.id
      where r.league_id = ${p.leagueId}
    ),
    changed as (
      update rosters r set points_adjustment = t.new_total - t.week_sum, total_points = t.new_total, updated_at = now()
      from target t
      where t.id = r.id and abs(r.total_points - t.new_total) > 0.01
      returning r.id, t.new_total - t.week_sum - t.old_adjustment as delta
    )
    insert into roster_point_adjustments (roster_id, league_id, delta, reason, admin_user_id)
    select id, ${p.leagueId}::uuid, delta, ${p.reason}, ${p.adminUserId}::uuid from changed
    returning roster_id`);
  return result.rows.length;
}

/**
 * Recalculation (DECISIONS 15). Every mode first validates the completed matches it will use; any
 * error blocks it and the list comes back. Full: every week, with the current rules, and every
 * adjustment cleared, so each total is exactly the sum of its weeks; from week N: weeks ≥ N, earlier
 * stored weeks kept, adjustments cleared too; single week: the total becomes that week's points
 * (destructive, as the spec warns); reset: totals to 0. The last two are stored as adjustments, which
 * the next full or "from week N" recalculation undoes.
 */
export async function recalculate(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  request: RecalculationMode,
  /** phase and fraction done, for the admin job's progress bar; must not touch the database */
  progress: Progress = () => {},
) {
  // the league row in the credits' lock mode (credit-locks.ts): trades go on while the totals move
  return transactionWithRetry(db, async (tx) => {
    await lockLeagueForCredit(
      tx,
      leagueId,
      request.mode === 'reset' ? MESSAGES.recalculation.noLeagueForReset : 'Lega non trovata',
    );
    // the Lega Fanta standings' version before the points log, as a match save takes them
    await lockSeasonVersion(tx, leagueId);
    // every pending match change written first: what follows sets totals and weeks from what they are
    await lockSettledPoints(tx, leagueId);

    let rostersUpdated: number;
    if (request.mode === 'reset') {
      progress(PHASES.reset, 0.1);
      rostersUpdated = await setTotalsThroughAdjustment(tx, {
        leagueId,
        newTotal: sql`0::numeric`,
        reason: 'reset',
        adminUserId: actor.adminUserId,
      });
    } else {
      const allWeeks = await tx
        .select()
        .from(weeks)
        .where(eq(weeks.leagueId, leagueId))
        .orderBy(asc(weeks.weekNumber));
      let scope = allWeeks;
      if (request.mode === 'fromWeek') scope = allWeeks.filter((w) => w.weekNumber >= request.weekNumber);
      if (request.mode === 'singleWeek') {
        const week = allWeeks.find((w) => w.id === request.weekId);
        if (!week) throw notFound(MESSAGES.recalculation.weekNotFound);
        scope = [week];
      }
      const weekIds = scope.map((w) => w.id);
      progress(PHASES.validate, 0.01);
      const problems = await validateMatches(tx, leagueId, weekIds);
      if (problems.length > 0) {
        throw new AppError(
          422,
          'INVALID_MATCHES',
          MESSAGES.recalculation.invalidMatches(problems.length),
          problems,
        );
      }
      progress(PHASES.score, 0.03);
      const rules = await rulesForLeague(tx, leagueId);
      const toScore = weekIds.length
        ? await tx
            .select({ id: matches.id })
            .from(matches)
            .where(and(eq(matches.completed, true), inArray(matches.weekId, weekIds)))
        : [];
      await scoreMatches(
        tx,
        toScore.map((m) => m.id),
        rules,
      );
      // DECISIONS 15: full and "from week N" clear every adjustment (reset, single week, restores, manual
      // edits); a single week run is itself an adjustment
      rostersUpdated = await recomputeWeeks(tx, leagueId, rules, weekIds, {
        clearAdjustments: request.mode !== 'singleWeek',
        onProgress: recomputeProgress(progress, 0.08, 0.95),
      });

      if (request.mode === 'singleWeek') {
        const changed = await setTotalsThroughAdjustment(tx, {
          leagueId,
          newTotal: sql`coalesce((select w.points from roster_week_points w where w.week_id = ${request.weekId} and w.roster_id = r.id), 0)`,
          reason: 'single_week',
          adminUserId: actor.adminUserId,
        });
        rostersUpdated = Math.max(rostersUpdated, changed);
      }
    }
    progress(PHASES.save, 0.95);
    await writeAudit(tx, actor, {
      action: request.mode === 'reset' ? 'RESET_LEADERBOARD' : 'RECALCULATE_POINTS',
      tableName: 'rosters',
      recordId: leagueId,
      newValues: { ...request, rostersUpdated },
      severity: request.mode === 'full' || request.mode === 'fromWeek' ? 'MEDIUM' : 'HIGH',
    });
    return { rostersUpdated };
  });
}
