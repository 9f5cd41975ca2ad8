import { type ClosedWeekAction, MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { leagues, matches, weeks } from '../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { announceLeagueChange } from '../../lib/league-events.ts';
import {
  applyCaptainCompleteness,
  applyMatchDelta,
  captureMatchContribution,
  foldAfter,
  type MatchDelta,
  rulesForLeague,
  weekComplete,
} from '../points/index.ts';

export interface MatchInput {
  team1: string;
  team2: string;
  date: Date;
  matchDay: number;
  matchFormat: number;
}

/** What a change to a match must pass (issue 12 items 4 and 6). */
export interface MatchChangeGuard {
  action: ClosedWeekAction;
  /** the admin confirmed a change to a match of a closed (paid) week */
  confirmClosedWeek: boolean;
  actor: AuditActor;
  now?: Date;
}

/**
 * A match is scored only once it has started (its points go to whoever held the players then, so
 * statistics of a future match would pay later buyers); a match of a closed week, whose rewards are
 * paid, changes only after an explicit confirmation naming the consequence, audited as HIGH.
 */
async function guardMatchChange(
  tx: Transaction,
  row: Awaited<ReturnType<typeof lockMatch>>,
  guard: MatchChangeGuard,
) {
  const scores = guard.action === 'stats' || guard.action === 'complete';
  if (scores && row.match.date.getTime() > (guard.now ?? new Date()).getTime()) {
    throw badRequest(MESSAGES.pointsTrust.matchNotStarted, 'MATCH_NOT_STARTED');
  }
  if (!row.week.isClosed) return;
  if (!guard.confirmClosedWeek) {
    throw conflict(
      MESSAGES.pointsTrust.closedWeekConfirm(guard.action, row.week.name),
      'CLOSED_WEEK_CONFIRMATION',
    );
  }
  await writeAudit(tx, guard.actor, {
    action: 'CONFIRM_CLOSED_WEEK_CHANGE',
    tableName: 'matches',
    recordId: row.match.id,
    newValues: { change: guard.action, weekId: row.week.id, weekNumber: row.week.weekNumber },
    severity: 'HIGH',
  });
}

/**
 * A match's start must fall within its week's dates, read as calendar days in the league's timezone
 * (the market's timezone, DECISIONS 8).
 */
export async function assertMatchDateInWeek(tx: Transaction, weekId: string, date: Date) {
  const result = await tx.execute<{ inside: boolean; start_date: string; end_date: string }>(sql`
    select (${date.toISOString()}::timestamptz at time zone l.market_block_timezone)::date
             between w.start_date and w.end_date as inside,
           w.start_date::text as start_date, w.end_date::text as end_date
    from weeks w join leagues l on l.id = w.league_id where w.id = ${weekId}`);
  const row = result.rows[0];
  if (row && !row.inside) {
    throw badRequest(
      MESSAGES.pointsTrust.matchDateOutsideWeek(row.start_date, row.end_date),
      'MATCH_DATE_OUTSIDE_WEEK',
    );
  }
}

export async function lockMatch(tx: Transaction, matchId: string) {
  const [row] = await tx
    .select({ match: matches, week: weeks })
    .from(matches)
    .innerJoin(weeks, eq(weeks.id, matches.weekId))
    .where(eq(matches.id, matchId))
    .for('update', { of: matches });
  if (!row) throw notFound('Match non trovato');
  return row;
}

/**
 * Runs a change to one match and moves its points in or out of the rosters' weeks:
 * the match's contribution is captured before and after, and the difference applied.
 * A closed week keeps its points as they are (admin spec §4); a recalculation brings them in.
 * Every change of a match goes through here, so here it is announced to the league's pages: the points
 * log's lock announces the match's points, and the match itself (a `matches` event, the same event when
 * the points were announced) covers a change that moved none.
 */
export async function withMatchPoints<T>(
  tx: Transaction,
  matchId: string,
  change: (row: Awaited<ReturnType<typeof lockMatch>>) => Promise<T>,
  guard?: MatchChangeGuard,
): Promise<{ result: T } & MatchDelta> {
  const row = await lockMatch(tx, matchId);
  if (guard) await guardMatchChange(tx, row, guard);
  const rules = await rulesForLeague(tx, row.match.leagueId);
  const skip = row.week.isClosed;
  if (!skip) {
    // the delta query is planned from row estimates of temporary tables: no JIT compile
    await tx.execute(sql`set local jit = off`);
    // its hash joins hold every holder of the match's players and champions (100k+ rows in a big league)
    await tx.execute(sql`set local work_mem = '64MB'`);
    // a match that is not completed contributes nothing (its facts are empty)
    await captureMatchContribution(tx, rules, matchId);
  }
  const result = await change(row);
  const delta = skip
    ? { rostersUpdated: 0, pending: false }
    : await applyMatchDelta(tx, row.match.leagueId, rules, matchId);
  await announceLeagueChange(tx, row.match.leagueId, 'matches', { matchId });
  return { result, ...delta };
}

export async function createMatch(db: Database, actor: AuditActor, weekId: string, input: MatchInput) {
  if (!input.team1 || !input.team2) throw badRequest(MESSAGES.matches.selectBothTeams);
  if (input.team1 === input.team2) throw badRequest(MESSAGES.matches.teamsMustDiffer);
  let pendingFold = false;
  const created = await db.transaction(async (tx) => {
    const [week] = await tx.select().from(weeks).where(eq(weeks.id, weekId));
    if (!week) throw notFound(MESSAGES.matches.selectWeekFirst);
    const [league] = await tx.select().from(leagues).where(eq(leagues.id, week.leagueId));
    if (league && league.teams.length > 0) {
      for (const team of [input.team1, input.team2]) {
        if (!league.teams.includes(team)) throw badRequest(`Il team ${team} non appartiene alla lega`);
      }
    }
    await assertMatchDateInWeek(tx, weekId, input.date);
    // a match added to a complete week takes its vices' bonus out until it is completed too (issue 29)
    const wasComplete = await weekComplete(tx, weekId);
    const [match] = await tx
      .insert(matches)
      .values({ ...input, weekId, leagueId: week.leagueId })
      .returning();
    if (wasComplete && !week.isClosed) {
      const rules = await rulesForLeague(tx, week.leagueId);
      const moved = await applyCaptainCompleteness(tx, week.leagueId, rules, weekId, true, match!.id);
      pendingFold = moved.pending;
    }
    await announceLeagueChange(tx, week.leagueId, 'matches', { matchId: match!.id });
    await writeAudit(tx, actor, {
      action: 'CREATE_MATCH',
      tableName: 'matches',
      recordId: match!.id,
      newValues: match,
    });
    return match!;
  });
  foldAfter(db, created.leagueId, pendingFold);
  return created;
}

export async function setMatchCompleted(
  db: Database,
  actor: AuditActor,
  matchId: string,
  completed: boolean,
  confirmClosedWeek = false,
) {
  const changed = await db.transaction(async (tx) => {
    const guard = { action: completed ? 'complete' : 'reopen', confirmClosedWeek, actor } as const;
    const { result, rostersUpdated, pending } = await withMatchPoints(
      tx,
      matchId,
      async ({ match }) => {
        const [updated] = await tx
          .update(matches)
          .set({ completed, updatedAt: new Date() })
          .where(eq(matches.id, matchId))
          .returning();
        await writeAudit(tx, actor, {
          action: 'UPDATE_MATCH_STATUS',
          tableName: 'matches',
          recordId: matchId,
          oldValues: { completed: match.completed },
          newValues: { completed },
        });
        return updated!;
      },
      guard,
    );
    return { match: result, rostersUpdated, pending };
  });
  foldAfter(db, changed.match.leagueId, changed.pending);
  return changed;
}

/** Deletes a match with its statistics; its points leave the rosters (unless its week is closed). */
export async function deleteMatch(
  db: Database,
  actor: AuditActor,
  matchId: string,
  confirmClosedWeek = false,
) {
  const deleted = await db.transaction(async (tx) => {
    const guard = { action: 'delete', confirmClosedWeek, actor } as const;
    const {
      result: leagueId,
      rostersUpdated,
      pending,
    } = await withMatchPoints(
      tx,
      matchId,
      async ({ match }) => {
        await tx.delete(matches).where(eq(matches.id, matchId));
        await writeAudit(tx, actor, {
          action: 'DELETE_MATCH',
          tableName: 'matches',
          recordId: matchId,
          oldValues: match,
        });
        return match.leagueId;
      },
      guard,
    );
    return { rostersUpdated, leagueId, pending };
  });
  foldAfter(db, deleted.leagueId, deleted.pending);
  return deleted;
}
