import { MESSAGES } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leaguePhases } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { lockLeague, presentPhase } from '../leagues/list-leagues.ts';
import type { AdminPhase } from '../leagues/schemas.ts';
import { auditPhase, checkDates, checkTeamCount, lockPhase } from './phase-rules.ts';
import type { UpdatePhaseBody } from './schemas.ts';

/** The inline phase editor: team_count and dates. */
export async function updatePhase(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  phaseId: string,
  body: UpdatePhaseBody,
): Promise<AdminPhase> {
  return db.transaction(async (tx) => {
    await lockLeague(tx, leagueId);
    const current = await lockPhase(tx, leagueId, phaseId);
    const teamCount = checkTeamCount(body.teamCount ?? current.teamCount);
    if (current.participatingTeams.length > teamCount) {
      throw badRequest(MESSAGES.phases.tooManyTeams(teamCount), 'TOO_MANY_TEAMS');
    }
    const dates = checkDates(
      body.startDate !== undefined ? body.startDate : current.startDate,
      body.endDate !== undefined ? body.endDate : current.endDate,
    );
    const [updated] = await tx
      .update(leaguePhases)
      .set({ teamCount, ...dates })
      .where(eq(leaguePhases.id, phaseId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'UPDATE_PHASE',
      tableName: 'league_phases',
      recordId: phaseId,
      oldValues: auditPhase(current),
      newValues: auditPhase(updated!),
    });
    return presentPhase(updated!);
  });
}
