import type { Role } from '@fantarift/core';
import { and, asc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { players } from '../../../db/schema.ts';
import { likePattern } from '../../../lib/like-pattern.ts';
import { findLeagueRow } from '../leagues/list-leagues.ts';
import type { AdminPlayer, PlayerListQuery } from './schemas.ts';

export function presentPlayer(p: typeof players.$inferSelect): AdminPlayer {
  return {
    id: p.id,
    name: p.name,
    team: p.team,
    role: p.role as Role,
    tier: p.tier,
    cost: p.cost,
    region: p.region,
    imageUrl: p.imageUrl,
    performanceUrl: p.performanceUrl,
    createdAt: p.createdAt,
  };
}

/** Players by tier then name, with the manage dialogs' filters (name, role, tier, team, league teams). */
export async function listPlayers(db: DbOrTx, q: PlayerListQuery): Promise<AdminPlayer[]> {
  const conditions: SQL[] = [];
  if (q.search?.trim()) conditions.push(ilike(players.name, likePattern(q.search.trim())));
  if (q.role) conditions.push(eq(players.role, q.role));
  if (q.tier) conditions.push(eq(players.tier, q.tier));
  if (q.team) conditions.push(eq(players.team, q.team));
  if (q.leagueId) {
    const league = await findLeagueRow(db, q.leagueId);
    if (league.teams.length > 0) conditions.push(inArray(players.team, league.teams));
  }
  const rows = await db
    .select()
    .from(players)
    .where(and(...conditions))
    .orderBy(asc(players.tier), asc(players.name));
  return rows.map(presentPlayer);
}
