import { MESSAGES, ROSTER_LIMITS } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { champions, leagues, players } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { badRequest, notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES, ROSTER_ADMIN_MESSAGES } from '../messages.ts';
import { lockRoster } from './lock-roster.ts';

export type HoldingKind = 'player' | 'champion';

/** What differs between a player and a champion holding; everything else is one code path. */
const KINDS = {
  player: {
    holdings: sql.raw('roster_players'),
    itemColumn: sql.raw('player_id'),
    counter: sql.raw('player_count'),
    countKey: 'playerCount' as const,
    limit: ROSTER_LIMITS.players,
    tableName: 'roster_players',
    auditKey: 'player',
    messages: {
      notFound: [MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND'],
      already: ROSTER_ADMIN_MESSAGES.playerAlreadyInRoster,
      full: MESSAGES.roster.maxPlayers,
      notInRoster: ROSTER_ADMIN_MESSAGES.playerNotInRoster,
      added: MESSAGES.roster.playerAdded,
      removed: MESSAGES.roster.playerRemoved,
    },
  },
  champion: {
    holdings: sql.raw('roster_champions'),
    itemColumn: sql.raw('champion_id'),
    counter: sql.raw('champion_count'),
    countKey: 'championCount' as const,
    limit: ROSTER_LIMITS.champions,
    tableName: 'roster_champions',
    auditKey: 'champion',
    messages: {
      notFound: [MESSAGES.market.championNotFound, 'CHAMPION_NOT_FOUND'],
      already: ROSTER_ADMIN_MESSAGES.championAlreadyInRoster,
      full: MESSAGES.roster.maxChampions,
      notInRoster: ROSTER_ADMIN_MESSAGES.championNotInRoster,
      added: MESSAGES.roster.championAdded,
      removed: MESSAGES.roster.championRemoved,
    },
  },
} as const;

type Roster = Awaited<ReturnType<typeof lockRoster>>;

/** The item, refused when it does not exist or (players) when its team is not in the roster's league. */
async function loadItem(tx: Transaction, kind: HoldingKind, itemId: string, roster: Roster) {
  if (kind === 'player') {
    const [player] = await tx.select().from(players).where(eq(players.id, itemId));
    if (!player) throw notFound(...KINDS.player.messages.notFound);
    const [league] = await tx
      .select({ teams: leagues.teams })
      .from(leagues)
      .where(eq(leagues.id, roster.leagueId));
    if (league && league.teams.length > 0 && !league.teams.includes(player.team)) {
      throw badRequest(ADMIN_MESSAGES.playerNotInLeague, 'NOT_IN_LEAGUE');
    }
    return { id: player.id, name: player.name };
  }
  const [champion] = await tx.select().from(champions).where(eq(champions.id, itemId));
  if (!champion) throw notFound(...KINDS.champion.messages.notFound);
  return { id: champion.id, name: champion.name };
}

/**
 * Adds a player or champion to a roster without charging coins: the holding's price paid is 0 (so a
 * later sale refunds 0 and the ledger stays whole). The counter moves in the same guarded UPDATE that
 * enforces the limit (5 players, 8 champions). The moment is taken after the roster lock, as in the
 * market, so holdings are ordered as serialised.
 */
export async function addToRoster(
  db: Database,
  actor: AuditActor,
  p: { kind: HoldingKind; rosterId: string; itemId: string },
) {
  const k = KINDS[p.kind];
  return db.transaction(async (tx) => {
    const roster = await lockRoster(tx, p.rosterId);
    const item = await loadItem(tx, p.kind, p.itemId, roster);
    const held = await tx.execute(sql`
      select 1 from ${k.holdings}
      where roster_id = ${roster.id} and ${k.itemColumn} = ${item.id} and released_at is null`);
    if (held.rows.length > 0) throw badRequest(k.messages.already, 'ALREADY_OWNED');
    const counted = await tx.execute(sql`
      update rosters set ${k.counter} = ${k.counter} + 1, updated_at = now()
      where id = ${roster.id} and ${k.counter} < ${k.limit}
      returning id`);
    if (counted.rows.length === 0) throw badRequest(k.messages.full, 'ROSTER_FULL');
    await tx.execute(sql`
      insert into ${k.holdings} (roster_id, league_id, ${k.itemColumn}, price_paid, acquired_at)
      values (${roster.id}, ${roster.leagueId}, ${item.id}, 0, clock_timestamp())`);
    const count = roster[k.countKey];
    await writeAudit(tx, actor, {
      action: `ADD_ROSTER_${k.auditKey.toUpperCase()}`,
      tableName: k.tableName,
      recordId: roster.id,
      oldValues: { [`${k.auditKey}_count`]: count },
      newValues: {
        [`${k.auditKey}_id`]: item.id,
        [`${k.auditKey}_name`]: item.name,
        price_paid: 0,
        [`${k.auditKey}_count`]: count + 1,
      },
    });
    return { message: k.messages.added };
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
  const k = KINDS[p.kind];
  return db.transaction(async (tx) => {
    const roster = await lockRoster(tx, p.rosterId);
    const released = await tx.execute<{ price_paid: number }>(sql`
      update ${k.holdings} set released_at = clock_timestamp()
      where roster_id = ${roster.id} and ${k.itemColumn} = ${p.itemId} and released_at is null
      returning price_paid`);
    const holding = released.rows[0];
    if (!holding) throw badRequest(k.messages.notInRoster, 'NOT_IN_ROSTER');
    await tx.execute(
      sql`update rosters set ${k.counter} = ${k.counter} - 1, updated_at = now() where id = ${roster.id}`,
    );
    const count = roster[k.countKey];
    await writeAudit(tx, actor, {
      action: `REMOVE_ROSTER_${k.auditKey.toUpperCase()}`,
      tableName: k.tableName,
      recordId: roster.id,
      oldValues: {
        [`${k.auditKey}_id`]: p.itemId,
        price_paid: Number(holding.price_paid),
        [`${k.auditKey}_count`]: count,
      },
      newValues: { [`${k.auditKey}_count`]: count - 1 },
    });
    return { message: k.messages.removed };
  });
}
