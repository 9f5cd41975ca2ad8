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

/** The largest delta, in cents, and the largest roster number one packed change can carry (int4). */
const PACKED_MAX = 2_147_483_647;
/** The first int4 of a packed event: its format (events of another format are never patched from). */
export const PACKED_FORMAT = 2;

/**
 * The ledger event's changes packed for the standings (standings.ts), from the rows of the CTE `changed`
 * (`seq`: the roster's number, `delta`): the format, then for each distinct delta in cents its value,
 * the count of rosters it moved and their numbers, all int4 (big-endian). A match save moves most of a
 * league by a few hundred distinct amounts, so a change costs about 4 bytes (a million rosters: ~3 MB
 * instead of 12 MB of ids and deltas). Null when a delta or a number does not fit, which makes readers
 * read the league again instead.
 */
export const packedChanges = (changed: SQL) => sql`
  case when max(abs(${changed}.delta)) * 100 <= ${PACKED_MAX} and max(${changed}.seq) <= ${PACKED_MAX}
    then int4send(${PACKED_FORMAT}::int4) || coalesce((
      select string_agg(int4send(g.cents) || int4send(g.n) || g.seqs, ''::bytea)
      from (
        select round(c.delta * 100)::int4 as cents, count(*)::int4 as n, string_agg(int4send(c.seq::int4), ''::bytea) as seqs
        from ${changed} c group by 1
      ) g), ''::bytea)
  end`;
