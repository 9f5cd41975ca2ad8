import { type ChampionInput, championCost, MESSAGES } from '@fantarift/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.ts';
import { championLeaguePerformances, champions, leagues } from '../../../db/schema.ts';
import { type AuditActor, writeAudit } from '../../../lib/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../../lib/errors.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import {
  blankToNull,
  type CatalogueTable,
  createRow,
  deleteRow,
  updateRow,
} from '../shared/catalogue-writes.ts';
import { presentChampion } from './list-champions.ts';
import type { AdminChampion } from './schemas.ts';

/** The cost is never typed: it follows from the tier (DECISIONS 4). */
const values = (input: ChampionInput) => ({
  name: input.name,
  tier: input.tier,
  cost: championCost(input.tier),
  roles: [...input.roles],
  imageUrl: blankToNull(input.imageUrl),
});

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'champions_name_key'))
      throw conflict(ADMIN_MESSAGES.championNameTaken, 'DUPLICATE_CHAMPION');
    throw err;
  }
}

async function lockChampion(tx: Transaction, championId: string) {
  const [current] = await tx.select().from(champions).where(eq(champions.id, championId)).for('update');
  if (!current) throw notFound(MESSAGES.market.championNotFound, 'CHAMPION_NOT_FOUND');
  return current;
}

/**
 * The champions table for the catalogue's writes. A champion that a roster holds or held, or that a
 * statistic names, stays (those would lose their meaning).
 */
const championTable: CatalogueTable<typeof champions.$inferSelect, ReturnType<typeof values>> = {
  tableName: 'champions',
  entity: 'CHAMPION',
  insert: async (tx, v) => (await tx.insert(champions).values(v).returning())[0]!,
  lock: lockChampion,
  update: async (tx, championId, v) =>
    (
      await tx
        .update(champions)
        .set({ ...v, updatedAt: sql`now()` })
        .where(eq(champions.id, championId))
        .returning()
    )[0]!,
  inUse: async (tx, championId) => {
    const used = await tx.execute(sql`
      select 1 where exists (select 1 from roster_champions where champion_id = ${championId})
                  or exists (select 1 from player_stats where champion_id = ${championId})`);
    return used.rows.length > 0;
  },
  inUseError: { message: ADMIN_MESSAGES.championInUse, code: 'CHAMPION_IN_USE' },
  delete: async (tx, championId) => {
    await tx.delete(champions).where(eq(champions.id, championId));
  },
};

export async function createChampion(
  db: Database,
  actor: AuditActor,
  input: ChampionInput,
): Promise<AdminChampion> {
  return presentChampion(await nameTaken(() => createRow(db, actor, championTable, values(input))));
}

/** Edits a champion; holders keep the price they paid (DECISIONS 5). */
export async function updateChampion(
  db: Database,
  actor: AuditActor,
  championId: string,
  input: ChampionInput,
): Promise<AdminChampion> {
  return presentChampion(
    await nameTaken(() => updateRow(db, actor, championTable, championId, values(input))),
  );
}

/** Deletes a champion nothing refers to (see championTable). */
export async function deleteChampion(db: Database, actor: AuditActor, championId: string) {
  await deleteRow(db, actor, championTable, championId);
  return { message: MESSAGES.champions.deleted };
}

/** Sets the champion's performance link for a league (one per champion and league). */
export async function upsertPerformance(
  db: Database,
  actor: AuditActor,
  championId: string,
  body: { leagueId: string; performanceUrl: string },
) {
  return db.transaction(async (tx) => {
    await lockChampion(tx, championId);
    const [league] = await tx.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, body.leagueId));
    if (!league) throw notFound(MESSAGES.market.leagueNotFound, 'LEAGUE_NOT_FOUND');
    const [previous] = await tx
      .select()
      .from(championLeaguePerformances)
      .where(
        and(
          eq(championLeaguePerformances.championId, championId),
          eq(championLeaguePerformances.leagueId, body.leagueId),
        ),
      );
    const [row] = await tx
      .insert(championLeaguePerformances)
      .values({ championId, leagueId: body.leagueId, performanceUrl: body.performanceUrl })
      .onConflictDoUpdate({
        target: [championLeaguePerformances.championId, championLeaguePerformances.leagueId],
        set: { performanceUrl: body.performanceUrl },
      })
      .returning();
    await writeAudit(tx, actor, {
      action: previous ? 'UPDATE_CHAMPION_PERFORMANCE' : 'CREATE_CHAMPION_PERFORMANCE',
      tableName: 'champion_league_performances',
      recordId: row!.id,
      oldValues: previous ? { league_id: previous.leagueId, performance_url: previous.performanceUrl } : null,
      newValues: { champion_id: championId, league_id: body.leagueId, performance_url: body.performanceUrl },
    });
    return { message: MESSAGES.champions.performanceUpdated };
  });
}

export async function deletePerformance(
  db: Database,
  actor: AuditActor,
  championId: string,
  leagueId: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(championLeaguePerformances)
      .where(
        and(
          eq(championLeaguePerformances.championId, championId),
          eq(championLeaguePerformances.leagueId, leagueId),
        ),
      )
      .returning();
    if (!row) throw notFound(ADMIN_MESSAGES.performanceNotFound, 'PERFORMANCE_NOT_FOUND');
    await writeAudit(tx, actor, {
      action: 'DELETE_CHAMPION_PERFORMANCE',
      tableName: 'champion_league_performances',
      recordId: row.id,
      oldValues: { champion_id: championId, league_id: leagueId, performance_url: row.performanceUrl },
    });
    return { message: ADMIN_MESSAGES.performanceDeleted };
  });
}
