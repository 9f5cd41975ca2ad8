import { MESSAGES, sortPhasesByStage } from '@fantarift/core';
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { leaguePhases } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest, isUniqueViolation } from '../../../lib/errors.ts';
import { lockLeague, presentPhase } from '../leagues/list-leagues.ts';
import type { AdminPhase } from '../leagues/schemas.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import {
  auditPhase,
  checkDates,
  checkPhaseTeams,
  checkTeamCount,
  leaguePhaseRows,
  type PhaseRow,
} from './phase-rules.ts';
import type { AddPhaseBody } from './schemas.ts';

/** Keeps phase_order 1..n in stage-rank order; phases of the same rank keep their current order. */
export async function renumberPhases(tx: DbOrTx, leagueId: string): Promise<void> {
  const rows = await leaguePhaseRows(tx, leagueId);
  const sorted = sortPhasesByStage(rows.map((r) => ({ ...r, name: r.phaseName })));
  for (const [i, phase] of sorted.entries()) {
    if (phase.phaseOrder !== i + 1) {
      await tx
        .update(leaguePhases)
        .set({ phaseOrder: i + 1 })
        .where(eq(leaguePhases.id, phase.id));
    }
  }
}

/** Adds a phase: a phase type is used once per league, team_count ≥ 2, both dates required. */
export async function addPhase(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  body: AddPhaseBody,
): Promise<AdminPhase> {
  const name = body.phaseName.trim();
  if (name === '') throw badRequest(ADMIN_MESSAGES.phaseNameRequired, 'INVALID_PHASE');
  if (name.length > 50) throw badRequest(ADMIN_MESSAGES.phaseNameTooLong, 'INVALID_PHASE');
  const teamCount = checkTeamCount(body.teamCount);
  const dates = checkDates(body.startDate, body.endDate);
  try {
    return await db.transaction(async (tx) => {
      const league = await lockLeague(tx, leagueId);
      const teams = checkPhaseTeams(league, body.participatingTeams ?? [], teamCount);
      const existing = await leaguePhaseRows(tx, leagueId);
      if (existing.some((p) => p.phaseName.toLowerCase() === name.toLowerCase())) {
        throw badRequest(MESSAGES.leagues.duplicatePhase(name), 'DUPLICATE_PHASE');
      }
      const [phase] = await tx
        .insert(leaguePhases)
        .values({
          leagueId,
          phaseName: name,
          phaseOrder: existing.length + 1,
          teamCount,
          ...dates,
          participatingTeams: teams,
          // a league without phases gets its first one as current (spec §4: one current phase)
          isCurrent: !existing.some((p) => p.isCurrent),
        })
        .returning();
      await renumberPhases(tx, leagueId);
      const [saved] = await tx.select().from(leaguePhases).where(eq(leaguePhases.id, phase!.id));
      await writeAudit(tx, actor, {
        action: 'CREATE_PHASE',
        tableName: 'league_phases',
        recordId: phase!.id,
        newValues: auditPhase(saved as PhaseRow),
      });
      return presentPhase(saved!);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'league_phases_name_key')) {
      throw badRequest(MESSAGES.leagues.duplicatePhase(name), 'DUPLICATE_PHASE');
    }
    throw err;
  }
}
