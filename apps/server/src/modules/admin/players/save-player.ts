import { MESSAGES, type PlayerInput } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { players } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { presentPlayer } from './list-players.ts';
import type { AdminPlayer } from './schemas.ts';

const blankToNull = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);

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

function auditPlayer(p: typeof players.$inferSelect) {
  const { createdAt: _c, updatedAt: _u, ...rest } = p;
  return rest;
}

export async function createPlayer(
  db: Database,
  actor: AuditActor,
  input: PlayerInput,
): Promise<AdminPlayer> {
  return db.transaction(async (tx) => {
    const [player] = await tx.insert(players).values(values(input)).returning();
    await writeAudit(tx, actor, {
      action: 'CREATE_PLAYER',
      tableName: 'players',
      recordId: player!.id,
      newValues: auditPlayer(player!),
    });
    return presentPlayer(player!);
  });
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
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(players).where(eq(players.id, playerId)).for('update');
    if (!current) throw notFound(MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND');
    const [player] = await tx
      .update(players)
      .set({ ...values(input), updatedAt: sql`now()` })
      .where(eq(players.id, playerId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'UPDATE_PLAYER',
      tableName: 'players',
      recordId: playerId,
      oldValues: auditPlayer(current),
      newValues: auditPlayer(player!),
    });
    return presentPlayer(player!);
  });
}

/**
 * Deletes a player that no roster holds or ever held and that has no statistics: deleting one that has
 * would silently drop holdings (and with them the counters and sale refunds) and past points.
 */
export async function deletePlayer(db: Database, actor: AuditActor, playerId: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(players).where(eq(players.id, playerId)).for('update');
    if (!current) throw notFound(MESSAGES.market.playerNotFound, 'PLAYER_NOT_FOUND');
    const used = await tx.execute(sql`
      select 1 where exists (select 1 from roster_players where player_id = ${playerId})
                  or exists (select 1 from player_stats where player_id = ${playerId})
                  or exists (select 1 from series_mvp where player_id = ${playerId})`);
    if (used.rows.length > 0) throw conflict(ADMIN_MESSAGES.playerInUse, 'PLAYER_IN_USE');
    await tx.delete(players).where(eq(players.id, playerId));
    await writeAudit(tx, actor, {
      action: 'DELETE_PLAYER',
      tableName: 'players',
      recordId: playerId,
      oldValues: auditPlayer(current),
    });
    return { message: MESSAGES.players.deleted };
  });
}
