import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { leagues, matches, weeks } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { type AuditActor, writeAudit } from '../admin/audit.ts';
import { applyMatchDelta, captureMatchContribution } from './roster-points.ts';
import { rulesForLeague } from './scoring-rules.ts';

export interface MatchInput {
  team1: string;
  team2: string;
  date: Date;
  matchDay: number;
  matchFormat: number;
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
 */
export async function withMatchPoints<T>(
  tx: Transaction,
  matchId: string,
  change: (row: Awaited<ReturnType<typeof lockMatch>>) => Promise<T>,
): Promise<{ result: T; rostersUpdated: number }> {
  const row = await lockMatch(tx, matchId);
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
  const rostersUpdated = skip ? 0 : await applyMatchDelta(tx, row.match.leagueId, rules, matchId);
  return { result, rostersUpdated };
}

export async function createMatch(db: Database, actor: AuditActor, weekId: string, input: MatchInput) {
  if (!input.team1 || !input.team2) throw badRequest(MESSAGES.matches.selectBothTeams);
  if (input.team1 === input.team2) throw badRequest(MESSAGES.matches.teamsMustDiffer);
  return db.transaction(async (tx) => {
    const [week] = await tx.select().from(weeks).where(eq(weeks.id, weekId));
    if (!week) throw notFound(MESSAGES.matches.selectWeekFirst);
    const [league] = await tx.select().from(leagues).where(eq(leagues.id, week.leagueId));
    if (league && league.teams.length > 0) {
      for (const team of [input.team1, input.team2]) {
        if (!league.teams.includes(team)) throw badRequest(`Il team ${team} non appartiene alla lega`);
      }
    }
    const [match] = await tx
      .insert(matches)
      .values({ ...input, weekId, leagueId: week.leagueId })
      .returning();
    await writeAudit(tx, actor, {
      action: 'CREATE_MATCH',
      tableName: 'matches',
      recordId: match!.id,
      newValues: match,
    });
    return match!;
  });
}

export async function setMatchCompleted(
  db: Database,
  actor: AuditActor,
  matchId: string,
  completed: boolean,
) {
  return db.transaction(async (tx) => {
    const { result, rostersUpdated } = await withMatchPoints(tx, matchId, async ({ match }) => {
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
    });
    return { match: result, rostersUpdated };
  });
}

/** Deletes a match with its statistics; its points leave the rosters (unless its week is closed). */
export async function deleteMatch(db: Database, actor: AuditActor, matchId: string) {
  return db.transaction(async (tx) => {
    const { rostersUpdated } = await withMatchPoints(tx, matchId, async ({ match }) => {
      await tx.delete(matches).where(eq(matches.id, matchId));
      await writeAudit(tx, actor, {
        action: 'DELETE_MATCH',
        tableName: 'matches',
        recordId: matchId,
        oldValues: match,
      });
    });
    return { rostersUpdated };
  });
}
