import type { Role } from '@fantarift/core';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { leagues, rosters, users } from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import { settlePoints } from '../../points/index.ts';
import { heldItems } from '../../rosters/index.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import type { AdminRoster } from './schemas.ts';

const columns = {
  id: rosters.id,
  userId: rosters.userId,
  username: users.username,
  email: users.email,
  leagueId: rosters.leagueId,
  leagueName: leagues.name,
  leagueTeams: leagues.teams,
  playerCount: rosters.playerCount,
  championCount: rosters.championCount,
  totalPoints: rosters.totalPoints,
  pointsAdjustment: rosters.pointsAdjustment,
  pandaCoin: rosters.pandaCoin,
  burroCoin: rosters.burroCoin,
  updatedAt: rosters.updatedAt,
};

const present = ({ leagueTeams: _t, ...r }: { leagueTeams: string[] } & AdminRoster): AdminRoster => ({
  ...r,
  totalPoints: Number(r.totalPoints),
  pointsAdjustment: Number(r.pointsAdjustment),
});

/** "Manage Rosters": every roster (or a league's) by total points, with user, league and balances. */
export async function listRosters(db: DbOrTx, q: { leagueId?: string; limit: number; offset: number }) {
  await settlePoints(db, q.leagueId);
  const where = q.leagueId ? eq(rosters.leagueId, q.leagueId) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(rosters)
      .innerJoin(users, eq(users.id, rosters.userId))
      .innerJoin(leagues, eq(leagues.id, rosters.leagueId))
      .where(where)
      .orderBy(desc(rosters.totalPoints), asc(rosters.username), asc(rosters.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(rosters).where(where),
  ]);
  return { rosters: rows.map(present), total: Number(count?.n ?? 0) };
}

/** One roster with what it holds now, for the manage-players and manage-champions dialogs. */
export async function getRosterDetail(db: DbOrTx, rosterId: string) {
  await settlePoints(db);
  const [row] = await db
    .select(columns)
    .from(rosters)
    .innerJoin(users, eq(users.id, rosters.userId))
    .innerJoin(leagues, eq(leagues.id, rosters.leagueId))
    .where(eq(rosters.id, rosterId));
  if (!row) throw notFound(ADMIN_MESSAGES.rosterNotFound, 'ROSTER_NOT_FOUND');
  const [heldPlayers, heldChampions] = await heldItems(db, rosterId);
  return {
    ...present(row),
    leagueTeams: row.leagueTeams,
    // the dialogs show no pictures
    players: heldPlayers.map(({ imageUrl: _image, ...p }) => ({ ...p, role: p.role as Role })),
    champions: heldChampions.map(({ imageUrl: _image, ...c }) => ({ ...c, roles: c.roles as Role[] })),
  };
}
