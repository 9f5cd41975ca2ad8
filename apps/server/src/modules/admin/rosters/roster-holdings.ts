import { MESSAGES, ROSTER_LIMITS } from '@fantarift/core';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { champions, leagues, players, rosterChampions, rosterPlayers, rosters } from '../../../db/schema.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { type AuditActor, writeAudit } from '../audit.ts';
import { ADMIN_MESSAGES, ROSTER_ADMIN_MESSAGES } from '../messages.ts';
import { lockRoster } from './lock-roster.ts';

export type HoldingKind = 'player' | 'champion';

// the moment is taken after the roster lock, as in the market (holdings ordered as serialised)
const changedAt = sql`clock_timestamp()`;

/**
 * Adds a player or champion to a roster without charging coins: the holding's price paid is 0 (so a
 * later sale refunds 0 and the ledger stays whole). The counter moves in the same guarded UPDATE that
 * enforces the limit (5 players, 8 champions).
 */
export async function addToRoster(
  db: Database,
  actor: AuditActor,
  p: { kind: HoldingKind; rosterId: string; itemId: string },
) {
  return db.transaction(async (tx) => {
    const roster = await lockRoster(tx, p.rosterId);
    if (p.kind === 'player') {
      const [player] = await tx.select().from(players).where(eq(players.id, p.itemId));
      if (!player) throw notFound(MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND');
      const [league] = await tx
        .select({ teams: leagues.teams })
        .from(leagues)
        .where(eq(leagues.id, roster.leagueId));
      if (league && league.teams.length > 0 && !league.teams.includes(player.team)) {
        throw badRequest(ADMIN_MESSAGES.playerNotInLeague, 'NOT_IN_LEAGUE');
      }
      const [held] = await tx
        .select({ id: rosterPlayers.id })
        .from(rosterPlayers)
        .where(
          and(
            eq(rosterPlayers.rosterId, roster.id),
            eq(rosterPlayers.playerId, player.id),
            isNull(rosterPlayers.releasedAt),
          ),
        );
      if (held) throw badRequest(ROSTER_ADMIN_MESSAGES.playerAlreadyInRoster, 'ALREADY_OWNED');
      const [counted] = await tx
        .update(rosters)
        .set({ playerCount: sql`${rosters.playerCount} + 1`, updatedAt: sql`now()` })
        .where(and(eq(rosters.id, roster.id), lt(rosters.playerCount, ROSTER_LIMITS.players)))
        .returning({ id: rosters.id });
      if (!counted) throw badRequest(MESSAGES.roster.maxPlayers, 'ROSTER_FULL');
      await tx.insert(rosterPlayers).values({
        rosterId: roster.id,
        leagueId: roster.leagueId,
        playerId: player.id,
        pricePaid: 0,
        acquiredAt: changedAt,
      });
      await writeAudit(tx, actor, {
        action: 'ADD_ROSTER_PLAYER',
        tableName: 'roster_players',
        recordId: roster.id,
        oldValues: { player_count: roster.playerCount },
        newValues: {
          player_id: player.id,
          player_name: player.name,
          price_paid: 0,
          player_count: roster.playerCount + 1,
        },
      });
      return { message: MESSAGES.roster.playerAdded };
    }
    const [champion] = await tx.select().from(champions).where(eq(champions.id, p.itemId));
    if (!champion) throw notFound(MESSAGES.market.championNotFound, 'CHAMPION_NOT_FOUND');
    const [held] = await tx
      .select({ id: rosterChampions.id })
      .from(rosterChampions)
      .where(
        and(
          eq(rosterChampions.rosterId, roster.id),
          eq(rosterChampions.championId, champion.id),
          isNull(rosterChampions.releasedAt),
        ),
      );
    if (held) throw badRequest(ROSTER_ADMIN_MESSAGES.championAlreadyInRoster, 'ALREADY_OWNED');
    const [counted] = await tx
      .update(rosters)
      .set({ championCount: sql`${rosters.championCount} + 1`, updatedAt: sql`now()` })
      .where(and(eq(rosters.id, roster.id), lt(rosters.championCount, ROSTER_LIMITS.champions)))
      .returning({ id: rosters.id });
    if (!counted) throw badRequest(MESSAGES.roster.maxChampions, 'ROSTER_FULL');
    await tx.insert(rosterChampions).values({
      rosterId: roster.id,
      leagueId: roster.leagueId,
      championId: champion.id,
      pricePaid: 0,
      acquiredAt: changedAt,
    });
    await writeAudit(tx, actor, {
      action: 'ADD_ROSTER_CHAMPION',
      tableName: 'roster_champions',
      recordId: roster.id,
      oldValues: { champion_count: roster.championCount },
      newValues: {
        champion_id: champion.id,
        champion_name: champion.name,
        price_paid: 0,
        champion_count: roster.championCount + 1,
      },
    });
    return { message: MESSAGES.roster.championAdded };
  });
}

/**
 * Removes a player or champion from a roster without moving coins (no refund): the holding is closed
 * (kept as history, so past points stay explainable) and the counter goes down in the same transaction.
 */
export async function removeFromRoster(
  db: Database,
  actor: AuditActor,
  p: { kind: HoldingKind; rosterId: string; itemId: string },
) {
  return db.transaction(async (tx) => {
    const roster = await lockRoster(tx, p.rosterId);
    if (p.kind === 'player') {
      const [holding] = await tx
        .update(rosterPlayers)
        .set({ releasedAt: changedAt })
        .where(
          and(
            eq(rosterPlayers.rosterId, roster.id),
            eq(rosterPlayers.playerId, p.itemId),
            isNull(rosterPlayers.releasedAt),
          ),
        )
        .returning();
      if (!holding) throw badRequest(ROSTER_ADMIN_MESSAGES.playerNotInRoster, 'NOT_IN_ROSTER');
      await tx
        .update(rosters)
        .set({ playerCount: sql`${rosters.playerCount} - 1`, updatedAt: sql`now()` })
        .where(eq(rosters.id, roster.id));
      await writeAudit(tx, actor, {
        action: 'REMOVE_ROSTER_PLAYER',
        tableName: 'roster_players',
        recordId: roster.id,
        oldValues: { player_id: p.itemId, price_paid: holding.pricePaid, player_count: roster.playerCount },
        newValues: { player_count: roster.playerCount - 1 },
      });
      return { message: MESSAGES.roster.playerRemoved };
    }
    const [holding] = await tx
      .update(rosterChampions)
      .set({ releasedAt: changedAt })
      .where(
        and(
          eq(rosterChampions.rosterId, roster.id),
          eq(rosterChampions.championId, p.itemId),
          isNull(rosterChampions.releasedAt),
        ),
      )
      .returning();
    if (!holding) throw badRequest(ROSTER_ADMIN_MESSAGES.championNotInRoster, 'NOT_IN_ROSTER');
    await tx
      .update(rosters)
      .set({ championCount: sql`${rosters.championCount} - 1`, updatedAt: sql`now()` })
      .where(eq(rosters.id, roster.id));
    await writeAudit(tx, actor, {
      action: 'REMOVE_ROSTER_CHAMPION',
      tableName: 'roster_champions',
      recordId: roster.id,
      oldValues: {
        champion_id: p.itemId,
        price_paid: holding.pricePaid,
        champion_count: roster.championCount,
      },
      newValues: { champion_count: roster.championCount - 1 },
    });
    return { message: MESSAGES.roster.championRemoved };
  });
}
