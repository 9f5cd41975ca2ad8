import type { Role } from '@fantarift/core';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { playerColumns } from '../../../db/columns.ts';
import { players } from '../../../db/schema.ts';
import { likePattern } from '../../../lib/like-pattern.ts';

/** The global team view: one entry per league and team name, with the players whose team matches. */
export async function listTeams(db: DbOrTx, filters: { leagueId?: string; search?: string }) {
  const search = filters.search?.trim();
  const result = await db.execute<{
    league_id: string;
    league_name: string;
    league_type: string;
    team_name: string;
    player_count: number;
  }>(sql`
    select l.id as league_id, l.name as league_name, l.type as league_type, t.name as team_name,
           coalesce(pc.n, 0)::int as player_count
      from leagues l
     cross join lateral unnest(l.teams) with ordinality as t(name, ord)
      left join (select team, count(*)::int as n from players group by team) pc on pc.team = t.name
     where (${filters.leagueId ?? null}::uuid is null or l.id = ${filters.leagueId ?? null}::uuid)
       and (${search ? likePattern(search) : null}::text is null or t.name ilike ${search ? likePattern(search) : null}::text)
     order by l.name, t.ord`);
  return result.rows.map((r) => ({
    leagueId: r.league_id,
    leagueName: r.league_name,
    leagueType: r.league_type,
    teamName: r.team_name,
    playerCount: Number(r.player_count),
  }));
}

/** The team player manager's two tabs: the team's players, and every other player. */
export async function teamPlayers(db: DbOrTx, teamName: string) {
  const [inTeam, available] = await Promise.all([
    db.select(playerColumns).from(players).where(eq(players.team, teamName)).orderBy(asc(players.name)),
    db
      .select(playerColumns)
      .from(players)
      .where(and(ne(players.team, teamName)))
      .orderBy(asc(players.name)),
  ]);
  const cast = (rows: typeof inTeam) => rows.map((p) => ({ ...p, role: p.role as Role }));
  return { players: cast(inTeam), availablePlayers: cast(available) };
}
