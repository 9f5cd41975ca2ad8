import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Takes the row lock of a league's season version (migrations 0026 and 0029: statement triggers bump it, or
 * one of its weeks' versions after taking it, whenever the Lega Fanta standings' inputs change) without
 * moving it. A writer that takes the league's points-log lock (modules/points/points-log.ts) and then changes
 * those inputs (a recalculation rescoring the statistics, a week deleted with its matches) calls it first: a
 * match save takes it with its first statistics write, before it takes the points log, so both take the locks
 * in the same order and never wait on each other in a circle.
 */
export async function lockSeasonVersion(db: DbOrTx, leagueId: string): Promise<void> {
  await db.execute(sql`select league_season_bump(array[${leagueId}::uuid], 0)`);
}
