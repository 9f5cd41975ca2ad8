import { MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { lockLeague } from '../leagues/list-leagues.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { assertTeamInLeague, FREE_AGENT } from './team-rules.ts';

/**
 * Deletes a team from a league: it leaves the league's teams and its phases' participating teams, and
 * (as the confirmation says) its players go too. A player that any roster holds or held, or that has
 * statistics or a series MVP, must keep its meaning in the ledger and in the points history, so it
 * becomes a Free Agent instead. When another league still lists the same team, its players stay.
 */
export async function deleteTeam(db: Database, actor: AuditActor, p: { leagueId: string; teamName: string }) {
  const name = p.teamName;
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, p.leagueId, MESSAGES.teams.leagueNotFound);
    assertTeamInLeague(league.teams, name);
    const teams = league.teams.filter((t) => t !== name);
    await tx.update(leagues).set({ teams, updatedAt: sql`now()` }).where(eq(leagues.id, league.id));
    await tx.execute(sql`
      update league_phases set participating_teams = array_remove(participating_teams, ${name}::text)
       where league_id = ${league.id} and ${name} = any(participating_teams)`);

    const elsewhere = await tx.execute(sql`select 1 from leagues where ${name} = any(teams) limit 1`);
    let deleted = 0;
    let freed = 0;
    if (elsewhere.rows.length === 0) {
      const kept = await tx.execute(sql`
        update players p set team = ${FREE_AGENT}, updated_at = now()
         where p.team = ${name}
           and (exists (select 1 from roster_players h where h.player_id = p.id)
                or exists (select 1 from player_stats s where s.player_id = p.id)
                or exists (select 1 from series_mvp m where m.player_id = p.id))`);
      const gone = await tx.execute(sql`delete from players where team = ${name}`);
      freed = kept.rowCount ?? 0;
      deleted = gone.rowCount ?? 0;
    }
    const message =
      elsewhere.rows.length > 0
        ? ADMIN_MESSAGES.teamKeptPlayers
        : ADMIN_MESSAGES.teamDeletedPlayers(deleted, freed);
    await writeAudit(tx, actor, {
      action: 'DELETE_TEAM',
      tableName: 'leagues',
      recordId: league.id,
      oldValues: { teams: league.teams, team: name },
      newValues: { teams, players_deleted: deleted, players_made_free_agent: freed },
    });
    return { message, playersDeleted: deleted, playersMadeFreeAgent: freed };
  });
}
