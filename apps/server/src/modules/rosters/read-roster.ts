import { championRefund, isRosterEligible, missingRoles, playerRefund, type Role } from '@fantarift/core';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { championColumns, playerColumns } from '../../db/columns.ts';
import {
  champions,
  players,
  rosterChampions,
  rosterPlayers,
  rosters,
  transactions,
  weeks,
} from '../../db/schema.ts';
import { pendingEventIds, pendingPoints, plusCents, weekPointsWithPending } from '../points/index.ts';
import { readCaptain } from './roster-captain.ts';

export const TRANSACTIONS_SHOWN = 50;

/** The players and champions a roster holds now (not released), each with what was paid, oldest first. */
export function heldItems(db: DbOrTx, rosterId: string) {
  return Promise.all([
    db
      .select({
        ...playerColumns,
        imageUrl: players.imageUrl,
        pricePaid: rosterPlayers.pricePaid,
        acquiredAt: rosterPlayers.acquiredAt,
      })
      .from(rosterPlayers)
      .innerJoin(players, eq(players.id, rosterPlayers.playerId))
      .where(and(eq(rosterPlayers.rosterId, rosterId), isNull(rosterPlayers.releasedAt)))
      .orderBy(asc(rosterPlayers.acquiredAt)),
    db
      .select({
        ...championColumns,
        pricePaid: rosterChampions.pricePaid,
        acquiredAt: rosterChampions.acquiredAt,
      })
      .from(rosterChampions)
      .innerJoin(champions, eq(champions.id, rosterChampions.championId))
      .where(and(eq(rosterChampions.rosterId, rosterId), isNull(rosterChampions.releasedAt)))
      .orderBy(asc(rosterChampions.acquiredAt)),
  ]);
}

/** The players and champions a roster holds now, with what was paid and what a sale would refund. */
export async function rosterHoldings(db: DbOrTx, rosterId: string) {
  const [heldPlayers, heldChampions] = await heldItems(db, rosterId);
  const roles = heldPlayers.map((p) => p.role as Role);
  return {
    players: heldPlayers.map((p) => ({ ...p, role: p.role as Role, salePrice: playerRefund(p.pricePaid) })),
    champions: heldChampions.map((c) => ({
      ...c,
      roles: c.roles as Role[],
      salePrice: championRefund(c.pricePaid),
    })),
    eligibility: { eligible: isRosterEligible(roles), missingRoles: missingRoles(roles) },
  };
}

/** A roster's points per week, the weeks it has points in, in order (pending match changes counted). */
export async function rosterWeekHistory(db: DbOrTx, roster: { id: string; leagueId: string }) {
  const [leagueWeeks, points] = await Promise.all([
    db
      .select({ weekId: weeks.id, weekNumber: weeks.weekNumber, name: weeks.name })
      .from(weeks)
      .where(eq(weeks.leagueId, roster.leagueId))
      .orderBy(asc(weeks.weekNumber)),
    weekPointsWithPending(db, roster.leagueId, [roster.id]),
  ]);
  const mine = points.get(roster.id);
  return leagueWeeks.flatMap((w) => {
    const p = mine?.get(w.weekId);
    return p === undefined ? [] : [{ ...w, points: p }];
  });
}

/**
 * A roster, its total with any pending match change added (pending-points.ts): read in the same statement
 * as the events it lacks, so a page asked for right after a big save shows its points without waiting.
 */
export async function findRoster(db: DbOrTx, where: { id: string } | { userId: string; leagueId: string }) {
  const condition =
    'id' in where
      ? eq(rosters.id, where.id)
      : and(eq(rosters.userId, where.userId), eq(rosters.leagueId, where.leagueId));
  const [found] = await db
    .select({ roster: rosters, pending: pendingEventIds(rosters.leagueId) })
    .from(rosters)
    .where(condition);
  if (!found) return undefined;
  const { roster, pending } = found;
  const added = (await pendingPoints(db, pending)).total(roster.seq);
  return added === 0 ? roster : { ...roster, totalPoints: plusCents(roster.totalPoints, added) };
}

function rosterSummary(roster: typeof rosters.$inferSelect) {
  return {
    id: roster.id,
    leagueId: roster.leagueId,
    username: roster.username,
    pandaCoin: roster.pandaCoin,
    burroCoin: roster.burroCoin,
    totalPoints: roster.totalPoints,
    playerCount: roster.playerCount,
    championCount: roster.championCount,
  };
}

/** The owner's full view: balances, holdings, eligibility, points per week and the latest ledger rows. */
export async function myRoster(db: DbOrTx, roster: typeof rosters.$inferSelect) {
  const [holdings, weekPoints, ledger] = await Promise.all([
    rosterHoldings(db, roster.id),
    rosterWeekHistory(db, roster),
    db
      .select({
        id: transactions.id,
        type: transactions.type,
        itemId: transactions.itemId,
        itemName: transactions.itemName,
        amount: transactions.amount,
        currency: transactions.currency,
        note: transactions.note,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(eq(transactions.rosterId, roster.id))
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(TRANSACTIONS_SHOWN),
  ]);
  return {
    ...rosterSummary(roster),
    createdAt: roster.createdAt,
    ...holdings,
    weekPoints,
    transactions: ledger.map((t) => ({ ...t, currency: t.currency as 'PandaCoin' | 'BurroCoin' })),
  };
}

/**
 * What anybody in the league may see of a roster (leaderboard dialog). Its captain and vice only for the week
 * being played (locked): the choice for the next week is the participant's until its lock.
 */
export async function publicRoster(db: DbOrTx, roster: typeof rosters.$inferSelect) {
  const [holdings, weekPoints, captain] = await Promise.all([
    rosterHoldings(db, roster.id),
    rosterWeekHistory(db, roster),
    readCaptain(db, roster),
  ]);
  return {
    ...rosterSummary(roster),
    players: holdings.players.map(({ pricePaid: _p, salePrice: _s, acquiredAt: _a, ...p }) => p),
    champions: holdings.champions.map(({ pricePaid: _p, salePrice: _s, acquiredAt: _a, ...c }) => c),
    eligibility: holdings.eligibility,
    weekPoints,
    captain:
      captain.multiplier !== 1 && captain.current?.captainPlayerId
        ? {
            captainPlayerId: captain.current.captainPlayerId,
            viceCaptainPlayerId: captain.viceEnabled ? captain.current.viceCaptainPlayerId : null,
            weekName: captain.current.weekName,
          }
        : null,
  };
}
