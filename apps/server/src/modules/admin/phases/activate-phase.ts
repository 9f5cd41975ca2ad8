import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { leaguePhases } from '../../../db/schema.ts';
import { type AuditActor, rootMessage, writeAudit } from '../../../lib/audit.ts';
import { conflict } from '../../../lib/errors.ts';
import { settlePoints } from '../../points/index.ts';
import { lockLeague, presentPhase } from '../leagues/list-leagues.ts';
import type { AdminPhase } from '../leagues/schemas.ts';
import { lockPhase, type PhaseRow } from './phase-rules.ts';

export interface PhaseActivation {
  message: string;
  phase: AdminPhase;
  snapshotsCreated: number;
  /** 'Snapshot creato per N roster nella fase X', or null when the snapshot failed */
  snapshotMessage: string | null;
  /** 'Errore nella creazione dello snapshot: ...' when it failed (the phase changed anyway) */
  snapshotError: string | null;
}

/**
 * One 'phase_change' snapshot per roster of the league, in one INSERT ... SELECT: points, balances and
 * the ids of the players and champions held right now, all with one batch id (what a restore finds them by).
 */
async function snapshotRosters(tx: Transaction, leagueId: string, phase: PhaseRow): Promise<number> {
  await settlePoints(tx, leagueId);
  const result = await tx.execute(sql`
    insert into roster_snapshots
      (league_id, user_id, roster_id, username, phase_id, phase_name, snapshot_type, batch_id, roster_data)
    select r.league_id, r.user_id, r.id, r.username, ${phase.id}::uuid, ${phase.phaseName}, 'phase_change',
      ${randomUUID()}::uuid,
      jsonb_build_object(
        'total_points', r.total_points,
        'panda_coin', r.panda_coin,
        'burro_coin', r.burro_coin,
        'players', coalesce((select jsonb_agg(h.player_id order by h.acquired_at, h.id)
                               from roster_players h where h.roster_id = r.id and h.released_at is null), '[]'::jsonb),
        'champions', coalesce((select jsonb_agg(h.champion_id order by h.acquired_at, h.id)
                                 from roster_champions h where h.roster_id = r.id and h.released_at is null), '[]'::jsonb))
      from rosters r
     where r.league_id = ${leagueId}`);
  return result.rowCount ?? 0;
}

/**
 * Makes a phase the league's only current one (spec §4). First a snapshot of every roster, inside a
 * savepoint: if it fails the error is reported and the transition goes on. The other phases are set not
 * current before this one is set current, as the partial unique index allows one current phase.
 */
export async function activatePhase(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  phaseId: string,
): Promise<PhaseActivation> {
  return db.transaction(async (tx) => {
    await lockLeague(tx, leagueId);
    const phase = await lockPhase(tx, leagueId, phaseId);
    if (phase.isCurrent) throw conflict(MESSAGES.phases.alreadyCurrent, 'PHASE_ALREADY_CURRENT');
    const [previous] = await tx
      .select({ id: leaguePhases.id, phaseName: leaguePhases.phaseName })
      .from(leaguePhases)
      .where(and(eq(leaguePhases.leagueId, leagueId), eq(leaguePhases.isCurrent, true)));

    let snapshotsCreated = 0;
    let snapshotError: string | null = null;
    try {
      snapshotsCreated = await tx.transaction((sp) => snapshotRosters(sp, leagueId, phase));
    } catch (err) {
      snapshotError = MESSAGES.phases.snapshotError(rootMessage(err));
    }

    await tx
      .update(leaguePhases)
      .set({ isCurrent: false })
      .where(and(eq(leaguePhases.leagueId, leagueId), eq(leaguePhases.isCurrent, true)));
    const [updated] = await tx
      .update(leaguePhases)
      .set({ isCurrent: true })
      .where(eq(leaguePhases.id, phaseId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'ACTIVATE_PHASE',
      tableName: 'league_phases',
      recordId: phaseId,
      oldValues: { current_phase_id: previous?.id ?? null, current_phase_name: previous?.phaseName ?? null },
      newValues: {
        current_phase_id: phaseId,
        current_phase_name: phase.phaseName,
        snapshots_created: snapshotsCreated,
        snapshot_error: snapshotError,
      },
      severity: 'MEDIUM',
    });
    return {
      message: MESSAGES.phases.changed(phase.phaseName),
      phase: presentPhase(updated!),
      snapshotsCreated,
      snapshotMessage: snapshotError
        ? null
        : MESSAGES.phases.snapshotCreated(snapshotsCreated, phase.phaseName),
      snapshotError,
    };
  });
}
