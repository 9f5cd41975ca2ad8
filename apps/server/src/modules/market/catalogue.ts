import { MESSAGES, type Role } from '@fantarift/core';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { championColumns, playerColumns } from '../../db/columns.ts';
import { champions, leaguePhases, leagues, players } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { likePattern } from '../../lib/like-pattern.ts';

export interface PlayerFilters {
  search?: string;
  role?: Role;
  tier?: number;
  team?: string;
}

export interface ChampionFilters {
  search?: string;
  role?: Role;
  tier?: number;
}

/** Teams of the league's current phase, for the (non-mandatory) suggestion banner. */
export async function currentPhase(db: DbOrTx, leagueId: string) {
  const [phase] = await db
    .select({
      id: leaguePhases.id,
      name: leaguePhases.phaseName,
      participatingTeams: leaguePhases.participatingTeams,
    })
    .from(leaguePhases)
    .where(and(eq(leaguePhases.leagueId, leagueId), eq(leaguePhases.isCurrent, true)));
  return phase ?? null;
}

/** The players of a league's teams (every player when the league has no team list), by tier then name. */
export async function leaguePlayers(db: DbOrTx, leagueId: string, filters: PlayerFilters) {
  const [league] = await db.select({ teams: leagues.teams }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw notFound(MESSAGES.market.leagueNotFound);
  const conditions: SQL[] = [];
  if (league.teams.length > 0) conditions.push(inArray(players.team, league.teams));
  if (filters.search?.trim()) {
    const pattern = likePattern(filters.search.trim());
    conditions.push(or(ilike(players.name, pattern), ilike(players.team, pattern))!);
  }
  if (filters.role) conditions.push(eq(players.role, filters.role));
  if (filters.tier) conditions.push(eq(players.tier, filters.tier));
  if (filters.team) conditions.push(eq(players.team, filters.team));
  const [rows, phase] = await Promise.all([
    db
      .select({
        ...playerColumns,
        region: players.region,
        imageUrl: players.imageUrl,
        performanceUrl: players.performanceUrl,
      })
      .from(players)
      .where(and(...conditions))
      .orderBy(desc(players.tier), asc(players.name)),
    currentPhase(db, leagueId),
  ]);
  const suggested = new Set(phase?.participatingTeams ?? []);
  return {
    players: rows.map((p) => ({ ...p, role: p.role as Role, suggested: suggested.has(p.team) })),
    teams:
      league.teams.length > 0
        ? [...league.teams].sort((a, b) => a.localeCompare(b))
        : [...new Set(rows.map((r) => r.team))].sort(),
    currentPhase: phase ? { name: phase.name, participatingTeams: phase.participatingTeams } : null,
  };
}

/** Every champion by name; with a league, its per-league performance link. */
export async function championCatalogue(db: DbOrTx, leagueId: string | null, filters: ChampionFilters) {
  const conditions: SQL[] = [];
  if (filters.search?.trim()) conditions.push(ilike(champions.name, likePattern(filters.search.trim())));
  if (filters.role) conditions.push(sql`${champions.roles} @> array[${filters.role}]::text[]`);
  if (filters.tier) conditions.push(eq(champions.tier, filters.tier));
  const rows = await db
    .select({
      ...championColumns,
      performanceUrl: leagueId
        ? sql<
            string | null
          >`(select p.performance_url from champion_league_performances p where p.champion_id = "champions"."id" and p.league_id = ${leagueId})`
        : sql<string | null>`null`,
    })
    .from(champions)
    .where(and(...conditions))
    .orderBy(asc(champions.name));
  return rows.map((c) => ({ ...c, roles: c.roles as Role[] }));
}
