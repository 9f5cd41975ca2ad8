import { LEAGUE_TEAMS_MAX, MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { lockLeague } from '../leagues/list-leagues.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { checkTeamName, sameName } from './team-rules.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * "Add team": name and league required, the league must exist, no duplicate name in the league, and no
 * more teams than a league's form takes (LEAGUE_TEAMS_MAX), so every list of a league's teams is bounded.
 */
export async function addTeam(db: Database, actor: AuditActor, body: { leagueId?: string; name?: string }) {
  const leagueId = body.leagueId?.trim() ?? '';
  if (leagueId === '' || (body.name ?? '').trim() === '') {
    throw badRequest(MESSAGES.teams.nameAndLeagueRequired, 'INVALID_TEAM');
  }
  const name = checkTeamName(body.name ?? '', MESSAGES.teams.nameAndLeagueRequired);
  if (!UUID.test(leagueId)) throw notFound(MESSAGES.teams.leagueNotFound, 'LEAGUE_NOT_FOUND');
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, leagueId, MESSAGES.teams.leagueNotFound);
    if (league.teams.some((t) => sameName(t, name)))
      throw conflict(MESSAGES.teams.alreadyInLeague, 'DUPLICATE_TEAM');
    if (league.teams.length >= LEAGUE_TEAMS_MAX) {
      throw badRequest(ADMIN_MESSAGES.leagueTeamsFull(LEAGUE_TEAMS_MAX), 'TOO_MANY_TEAMS');
    }
    const teams = [...league.teams, name];
    await tx.update(leagues).set({ teams, updatedAt: sql`now()` }).where(eq(leagues.id, leagueId));
    await writeAudit(tx, actor, {
      action: 'CREATE_TEAM',
      tableName: 'leagues',
      recordId: leagueId,
      oldValues: { teams: league.teams },
      newValues: { teams, team: name },
    });
    return { message: MESSAGES.teams.added, leagueId, teamName: name };
  });
}
