import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Every change of a league's totals is logged, in the same transaction, in the points ledger or in
 * roster_point_adjustments (DECISIONS 15). The leaderboard's standings (standings.ts) read a league's new
 * log rows by id, so the ids must be handed out in commit order: a writer takes this lock before its first
 * log row and keeps it until it commits, so a reader that sees a row also sees every row of the league with
 * a smaller id. Take it before locking roster rows (trades never take it, so they never wait on it).
 */
export async function lockPointsLog(db: DbOrTx, leagueId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`points-log:${leagueId}`}, 0))`);
}

/** The largest delta, in cents, one packed change can carry (int4). */
const PACKED_MAX_CENTS = 2_147_483_647;

/**
 * The ledger event's changes packed for the standings: for each row of `changed` (`id`, `delta`), the
 * first 8 bytes of the roster id and the delta in cents as int4 (12 bytes). Null when a delta does not fit,
 * which makes readers rebuild the league instead.
 */
export const packedChanges = (changed: SQL) => sql`
  case when max(abs(${changed}.delta)) * 100 <= ${PACKED_MAX_CENTS}
    then string_agg(substr(uuid_send(${changed}.id), 1, 8) || int4send(round(${changed}.delta * 100)::int4), ''::bytea)
  end`;
