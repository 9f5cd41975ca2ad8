import { MESSAGES, type PlayerInput } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { players } from '../../../db/schema.ts';
import type { AuditActor } from '../../../lib/audit.ts';
import { notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import {
  blankToNull,
  type CatalogueTable,
  createRow,
  deleteRow,
  updateRow,
} from '../shared/catalogue-writes.ts';
import { presentPlayer } from './list-players.ts';
import type { AdminPlayer } from './schemas.ts';

type PlayerValues = ReturnType<typeof values>;

function values(input: PlayerInput) {
  return {
    name: input.name,
    team: input.team,
    role: input.role,
    tier: input.tier,
    cost: input.cost,
    region: blankToNull(input.region),
    imageUrl: blankToNull(input.imageUrl),
    performanceUrl: blankToNull(input.performanceUrl),
  };
}

/**
 * The players table for the catalogue's writes. A player that a roster holds or ever held, or that has
 * statistics, stays: deleting him would silently drop holdings (and with them the counters and sale
 * refunds) and past points.
 */
const playerTable: CatalogueTable<typeof players.$inferSelect, PlayerValues> = {
  tableName: 'players',
  entity: 'PLAYER',
  insert: async (tx, v) => (await tx.insert(players).values(v).returning())[0]!,
  lock: async (tx, playerId) => {
    const [current] = await tx.select().from(players).where(eq(players.id, playerId)).for('update');
    if (!current) throw notFound(MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND');
    return current;
  },
  update: async (tx, playerId, v) =>
    (
      await tx
        .update(players)
        .set({ ...v, updatedAt: sql`now()` })
        .where(eq(players.id, playerId))
        .returning()
    )[0]!,
  inUse: async (tx, playerId) => {
    const used = await tx.execute(sql`
      select 1 where exists (select 1 from roster_players where player_id = ${playerId})
                  or exists (select 1 from player_stats where player_id = ${playerId})
                  or exists (select 1 from series_mvp where player_id = ${playerId})`);
    return used.rows.length > 0;
  },
  inUseError: { message: ADMIN_MESSAGES.playerInUse, code: 'PLAYER_IN_USE' },
  delete: async (tx, playerId) => {
    await tx.delete(players).where(eq(players.id, playerId));
  },
};

export async function createPlayer(
  db: Database,
  actor: AuditActor,
  input: PlayerInput,
): Promise<AdminPlayer> {
  return presentPlayer(await createRow(db, actor, playerTable, values(input)));
}

/**
 * Edits a player. Rosters that hold him keep the price they paid (DECISIONS 5), so a cost change never
 * moves coins.
 */
export async function updatePlayer(
  db: Database,
  actor: AuditActor,
  playerId: string,
  input: PlayerInput,
): Promise<AdminPlayer> {
  return presentPlayer(await updateRow(db, actor, playerTable, playerId, values(input)));
}

/** Deletes a player nothing refers to (see playerTable). */
export async function deletePlayer(db: Database, actor: AuditActor, playerId: string) {
  await deleteRow(db, actor, playerTable, playerId);
  return { message: MESSAGES.players.deleted };
}
