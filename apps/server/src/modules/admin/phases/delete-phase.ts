import { MESSAGES } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leaguePhases } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { conflict } from '../../../lib/errors.ts';
import { lockLeague } from '../leagues/list-leagues.ts';
import { renumberPhases } from './add-phase.ts';
import { auditPhase, lockPhase } from './phase-rules.ts';

/** Deletes a phase, never the current one; the others are renumbered 1..n. */
export async function deletePhase(db: Database, actor: AuditActor, leagueId: string, phaseId: string) {
  return db.transaction(async (tx) => {
    await lockLeague(tx, leagueId);
    const phase = await lockPhase(tx, leagueId, phaseId);
    if (phase.isCurrent) throw conflict(MESSAGES.phases.cannotDeleteCurrent, 'PHASE_IS_CURRENT');
    await tx.delete(leaguePhases).where(eq(leaguePhases.id, phaseId));
    await renumberPhases(tx, leagueId);
    await writeAudit(tx, actor, {
      action: 'DELETE_PHASE',
      tableName: 'league_phases',
      recordId: phaseId,
      oldValues: auditPhase(phase),
    });
    return { message: MESSAGES.phases.deleted };
  });
}
