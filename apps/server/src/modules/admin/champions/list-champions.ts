import type { Role } from '@fantarift/core';
import { and, asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { championLeaguePerformances, champions, leagues } from '../../../db/schema.ts';
import { likePattern } from '../../../lib/like-pattern.ts';
import type { AdminChampion } from './schemas.ts';

export function presentChampion(c: typeof champions.$inferSelect): AdminChampion {
  return {
    id: c.id,
    name: c.name,
    tier: c.tier,
    cost: c.cost,
    roles: c.roles as Role[],
    imageUrl: c.imageUrl,
    createdAt: c.createdAt,
  };
}

/** Champions by name, searchable by name and filtered by role and tier. */
export async function listChampions(db: DbOrTx, q: { search?: string; role?: Role; tier?: number }) {
  const conditions: SQL[] = [];
  if (q.search?.trim()) conditions.push(ilike(champions.name, likePattern(q.search.trim())));
  if (q.role) conditions.push(sql`${q.role} = any(${champions.roles})`);
  if (q.tier) conditions.push(eq(champions.tier, q.tier));
  const rows = await db
    .select()
    .from(champions)
    .where(and(...conditions))
    .orderBy(asc(champions.name));
  return rows.map(presentChampion);
}

/** A champion's per-league performance links, by league name. */
export async function listPerformances(db: DbOrTx, championId: string) {
  return db
    .select({
      id: championLeaguePerformances.id,
      championId: championLeaguePerformances.championId,
      leagueId: championLeaguePerformances.leagueId,
      leagueName: leagues.name,
      performanceUrl: championLeaguePerformances.performanceUrl,
    })
    .from(championLeaguePerformances)
    .innerJoin(leagues, eq(leagues.id, championLeaguePerformances.leagueId))
    .where(eq(championLeaguePerformances.championId, championId))
    .orderBy(asc(leagues.name));
}
