import { MESSAGES } from '@fantarift/core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { conflict } from '../../../lib/errors.ts';
import { lockLeague } from '../leagues/list-leagues.ts';
import { assertTeamInLeague, checkTeamName, sameName } from './team-rules.ts';

/**
 * Renames a team. A team is only a name, shared by the players that carry it, so the rename follows the
 * name everywhere it means this team: the team lists of every league that lists it, their phases'
 * participating teams, the players (update players.team), and those leagues' matches, game winners,
 * statistics and objectives, so that the match editor and the recalculation still find the team.
 */
export async function renameTeam(
  db: Database,
  actor: AuditActor,
  p: { leagueId: string; teamName: string; newName: string | undefined },
) {
  const newName = checkTeamName(p.newName ?? '', MESSAGES.teams.nameRequired);
  const oldName = p.teamName;
  return db.transaction(async (tx) => {
    const league = await lockLeague(tx, p.leagueId, MESSAGES.teams.leagueNotFound);
    assertTeamInLeague(league.teams, oldName);
    if (newName === oldName) return { message: MESSAGES.teams.updated, playersUpdated: 0, leaguesUpdated: 0 };

    // every league that lists the old name, locked in id order (no deadlock with another rename)
    const affected = await tx.execute<{ id: string; teams: string[] }>(sql`
      select id, teams from leagues where ${oldName} = any(teams) order by id for update`);
    const ids = affected.rows.map((r) => r.id);
    const clash = affected.rows.some((r) => r.teams.some((t) => t !== oldName && sameName(t, newName)));
    const [used] = (
      await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from players where lower(team) = lower(${newName}) and team <> ${oldName}`,
      )
    ).rows;
    if (clash || Number(used?.n ?? 0) > 0) throw conflict(MESSAGES.teams.nameTaken, 'TEAM_NAME_TAKEN');

    const leagueIds = sql`(select unnest(${sql.param(ids)}::uuid[]))`;
    await tx.execute(sql`
      update leagues set teams = array_replace(teams, ${oldName}::text, ${newName}::text), updated_at = now()
       where id in ${leagueIds}`);
    await tx.execute(sql`
      update league_phases set participating_teams = array_replace(participating_teams, ${oldName}::text, ${newName}::text)
       where league_id in ${leagueIds} and ${oldName} = any(participating_teams)`);
    const players = await tx.execute(
      sql`update players set team = ${newName}, updated_at = now() where team = ${oldName}`,
    );
    await tx.execute(sql`
      update matches
         set team1 = case when team1 = ${oldName} then ${newName} else team1 end,
             team2 = case when team2 = ${oldName} then ${newName} else team2 end,
             winner = case when winner = ${oldName} then ${newName} else winner end,
             updated_at = now()
       where league_id in ${leagueIds} and (team1 = ${oldName} or team2 = ${oldName})`);
    const leagueMatches = sql`(select id from matches where league_id in ${leagueIds})`;
    await tx.execute(
      sql`update match_games set winner = ${newName} where winner = ${oldName} and match_id in ${leagueMatches}`,
    );
    await tx.execute(
      sql`update player_stats set team_name = ${newName} where team_name = ${oldName} and match_id in ${leagueMatches}`,
    );
    await tx.execute(
      sql`update team_objectives set team_name = ${newName} where team_name = ${oldName} and match_id in ${leagueMatches}`,
    );

    const playersUpdated = players.rowCount ?? 0;
    await writeAudit(tx, actor, {
      action: 'RENAME_TEAM',
      tableName: 'leagues',
      recordId: p.leagueId,
      oldValues: { team: oldName },
      newValues: { team: newName, leagues: ids, players_updated: playersUpdated },
    });
    return { message: MESSAGES.teams.updated, playersUpdated, leaguesUpdated: ids.length };
  });
}
