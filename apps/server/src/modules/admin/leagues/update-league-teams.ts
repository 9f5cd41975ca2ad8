import { normalizeTeamNames, validateTeamName } from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { leaguePhases, leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { textArray } from '../schemas.ts';
import { getAdminLeague, lockLeague } from './list-leagues.ts';
import type { AdminLeague } from './schemas.ts';

/**
 * Replaces the league's team list (blank and duplicate names ignored). Teams that leave the league also
 * leave its phases' participating teams; players are not touched (deleting a team is a separate action).
 */
export async function updateLeagueTeams(
  db: Database,
  actor: AuditActor,
  leagueId: string,
  names: string[],
): Promise<AdminLeague> {
  const teams = normalizeTeamNames(names);
  for (const team of teams) {
    const error = validateTeamName(team);
    if (error) throw badRequest(error, 'INVALID_TEAM');
    if (team.toLowerCase() === 'free agent') throw badRequest(ADMIN_MESSAGES.teamReserved, 'INVALID_TEAM');
  }
  await db.transaction(async (tx) => {
    const current = await lockLeague(tx, leagueId);
    await tx.update(leagues).set({ teams, updatedAt: sql`now()` }).where(eq(leagues.id, leagueId));
    // an empty list means "any team" (an international event being set up): phases keep theirs
    if (teams.length > 0) await keepOnlyLeagueTeamsInPhases(tx, leagueId, teams);
    await writeAudit(tx, actor, {
      action: 'UPDATE_LEAGUE_TEAMS',
      tableName: 'leagues',
      recordId: leagueId,
      oldValues: { teams: current.teams },
      newValues: { teams },
      severity: 'MEDIUM',
    });
  });
  return getAdminLeague(db, leagueId);
}

/** Drops from the league's phases every participating team that is no longer in `teams`. */
export async function keepOnlyLeagueTeamsInPhases(tx: DbOrTx, leagueId: string, teams: readonly string[]) {
  await tx
    .update(leaguePhases)
    .set({
      participatingTeams: sql`array(select t from unnest(${leaguePhases.participatingTeams}) with ordinality as u(t, n) where t = any(${textArray(teams)}) order by n)`,
    })
    .where(
      and(
        eq(leaguePhases.leagueId, leagueId),
        sql`not (${leaguePhases.participatingTeams} <@ ${textArray(teams)})`,
      ),
    );
}
