import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leaguePhases } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { lockLeague, presentPhase } from '../leagues/list-leagues.ts';
import type { AdminPhase } from '../leagues/schemas.ts';
import { checkPhaseTeams, lockPhase } from './phase-rules.ts';

/** The expandable team-selection panel of a phase: never more teams than team_count. */
export async function updatePhaseTeams(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  phaseId: string,
  names: string[],
): Promise<AdminPhase> {
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, leagueId);
    const phase = await lockPhase(tx, leagueId, phaseId);
    const teams = checkPhaseTeams(league, names, phase.teamCount);
    const [updated] = await tx
      .update(leaguePhases)
      .set({ participatingTeams: teams })
      .where(eq(leaguePhases.id, phaseId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'UPDATE_PHASE_TEAMS',
      tableName: 'league_phases',
      recordId: phaseId,
      oldValues: { participating_teams: phase.participatingTeams },
      newValues: { participating_teams: teams },
    });
    return presentPhase(updated!);
  });
}
