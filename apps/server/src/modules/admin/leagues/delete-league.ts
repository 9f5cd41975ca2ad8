import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit, writeFailureAudit } from '../../../lib/audit.ts';
import { AppError } from '../../../lib/errors.ts';
import { auditLeague, lockLeague } from './list-leagues.ts';

/**
 * Deletes a league and everything it owns in one transaction: the foreign keys cascade to its phases,
 * rules acceptances, champion performance links, rosters (with holdings, ledger rows, week points,
 * adjustments, rewards, snapshots), weeks (with matches, games, stats, objectives, series MVPs) and its
 * scoring rules. Users, players and champions stay. Severity HIGH for the attempt and the success;
 * a failure is written with severity CRITICAL after the rollback.
 */
export async function deleteLeague(db: Database, actor: AuditActor, leagueId: string) {
  let snapshot: Record<string, unknown> | undefined;
  try {
    return await db.transaction(async (tx) => {
      const league = await lockLeague(tx, leagueId);
      const counts = await tx.execute<{ rosters: number; weeks: number; matches: number }>(sql`
        select (select count(*)::int from rosters where league_id = ${leagueId}) as rosters,
               (select count(*)::int from weeks where league_id = ${leagueId}) as weeks,
               (select count(*)::int from matches where league_id = ${leagueId}) as matches`);
      snapshot = { ...auditLeague(league), owned: counts.rows[0] };
      await writeAudit(tx, actor, {
        action: 'DELETE_LEAGUE_ATTEMPT',
        tableName: 'leagues',
        recordId: leagueId,
        oldValues: snapshot,
        severity: 'HIGH',
      });
      await tx.delete(leagues).where(eq(leagues.id, leagueId));
      await writeAudit(tx, actor, {
        action: 'DELETE_LEAGUE',
        tableName: 'leagues',
        recordId: leagueId,
        oldValues: snapshot,
        severity: 'HIGH',
      });
      return { message: MESSAGES.leagues.deleted };
    });
  } catch (err) {
    if (!(err instanceof AppError)) {
      await writeFailureAudit(
        db,
        actor,
        {
          action: 'DELETE_LEAGUE_ERROR',
          tableName: 'leagues',
          recordId: leagueId,
          oldValues: snapshot ?? null,
          severity: 'CRITICAL',
        },
        err,
      );
    }
    throw err;
  }
}
