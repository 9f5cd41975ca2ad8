import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Takes the row lock of a league's season version (migration 0026: statement triggers bump it whenever the
 * Lega Fanta standings' inputs change) without moving it. A writer that takes the league's points-log lock
 * (modules/points/points-log.ts) and then changes those inputs (a recalculation rescoring the statistics, a
 * week deleted with its matches) calls it first: a match save bumps the version with its statistics, before
 * it takes the points log, so both take the two locks in the same order and never wait on each other in a
 * circle.
 */
export async function lockSeasonVersion(db: DbOrTx, leagueId: string): Promise<void> {
  await db.execute(sql`
    insert into league_season_versions as v (league_id)
    select id from leagues where id = ${leagueId}
    on conflict (league_id) do update set version = v.version`);
}
