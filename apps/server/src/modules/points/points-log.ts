import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type LeagueChangeScope, leagueChangeNotice } from '../../lib/league-events.ts';

/**
 * Every change of a league's totals is logged, in the same transaction, in the points ledger or in
 * roster_point_adjustments (DECISIONS 15). The leaderboard's standings (modules/leaderboard) read a league's new
 * log rows by id, so the ids must be handed out in commit order: a writer takes this lock before its first
 * log row and keeps it until it commits, so a reader that sees a row also sees every row of the league with
 * a smaller id. Take it before locking roster rows (trades never take it, so they never wait on it).
 *
 * Every totals change takes it, so it is also where a totals change is announced to the league's open
 * pages: a `points` event (of `scope`'s match when the change is one match's), in the same statement,
 * published when the writer commits (lib/league-events.ts).
 */
export async function lockPointsLog(
  db: DbOrTx,
  leagueId: string,
  scope: LeagueChangeScope = {},
): Promise<void> {
  await db.execute(sql`
    select pg_advisory_xact_lock(hashtextextended(${`points-log:${leagueId}`}, 0)),
           ${leagueChangeNotice(leagueId, 'points', scope)}`);
}

/** The largest delta, in cents, and the largest roster number one packed change can carry (int4). */
const PACKED_MAX = 2_147_483_647;
/** The first int4 of a packed event: its format (events of another format are never patched from). */
export const PACKED_GROUPED = 2;
export const PACKED_BITMAP = 3;

/**
 * The ledger event's changes packed for the standings (read back by packed-changes.ts), from the rows of the CTE `changed`
 * (`seq`: the roster's number, `delta`), all int4 big-endian unless said. Null when a delta or a number
 * does not fit, which makes readers read the league again instead. Two formats, the smaller one:
 *
 * - bitmap (3), for a change of much of a league (a match save moves two thirds of it by a few hundred
 *   distinct amounts): the format, the smallest number, the span of numbers, the count k of distinct
 *   deltas, the k deltas in cents; one bit per number of the span (byte i, bit j, from the lowest: number
 *   smallest + 8i + j) set for each roster moved; then, for each set bit in that order, the index of its
 *   delta, one byte (k ≤ 256) or two (big-endian). About 1.1–2.1 bytes a change, read in number order.
 * - grouped (2), when the numbers are few or spread out: the format, then for each distinct delta its
 *   cents, how many rosters it moved and their numbers. About 4 bytes a change.
 */
export const packedChanges = (changed: SQL) => sql`
  case when max(abs(${changed}.delta)) * 100 <= ${PACKED_MAX} and max(${changed}.seq) <= ${PACKED_MAX}
    then case when (max(${changed}.seq) - min(${changed}.seq)) / 8 < 2 * count(*)
      then ${bitmapPacked(changed)}
      else ${groupedPacked(changed)}
    end
  end`;

const byte = (value: SQL) => sql`set_byte(decode('00', 'hex'), 0, ${value})`;

const bitmapPacked = (changed: SQL) => sql`(
  with c as (select c.seq::int4 as seq, round(c.delta * 100)::int4 as cents from ${changed} c),
  k as (select cents, (row_number() over (order by cents) - 1)::int4 as idx from (select distinct cents from c) d),
  lim as (select min(seq) as lo, max(seq) as hi, (select count(*) from k)::int4 as kn from c)
  -- (more than 65,536 distinct deltas do not fit two bytes: null, as for a delta too large)
  select case when kn <= 65536 then int4send(${PACKED_BITMAP}::int4) || int4send(lo) || int4send(hi - lo + 1) || int4send(kn)
    || (select string_agg(int4send(cents), ''::bytea order by idx) from k)
    || (select string_agg(${byte(sql`coalesce(b.bits, 0)`)}, ''::bytea order by g)
        from generate_series(0, (hi - lo) / 8) g
        left join (select (seq - lo) / 8 as at, bit_or(1 << ((seq - lo) % 8)) as bits from c group by 1) b on b.at = g)
    || (select case when kn <= 256 then string_agg(${byte(sql`k.idx`)}, ''::bytea order by c.seq)
                    else string_agg(substring(int4send(k.idx) from 3 for 2), ''::bytea order by c.seq) end
        from c join k on k.cents = c.cents) end
  from lim)`;

const groupedPacked = (changed: SQL) => sql`
  int4send(${PACKED_GROUPED}::int4) || coalesce((
    select string_agg(int4send(g.cents) || int4send(g.n) || g.seqs, ''::bytea)
    from (
      select round(c.delta * 100)::int4 as cents, count(*)::int4 as n, string_agg(int4send(c.seq::int4), ''::bytea) as seqs
      from ${changed} c group by 1
    ) g), ''::bytea)`;

/**
 * The same packing as `packedChanges`, done in the server for changes it computed itself (a match change at
 * scale, lineup-deltas.ts): `seqs` ascending and distinct (else it throws: a bitmap of numbers out of order
 * would name the wrong rosters), each with its non-zero delta in cents. A bitmap is
 * byte for byte what PostgreSQL writes; a grouped event lists its deltas and each one's numbers ascending
 * (PostgreSQL leaves both orders open). Null, as there, when a number or a delta does not fit.
 */
export function packChanges(seqs: ArrayLike<number>, cents: ArrayLike<number>): Uint8Array | null {
  const n = seqs.length;
  if (n === 0) return null;
  for (let i = 1; i < n; i++) {
    if (!(seqs[i]! > seqs[i - 1]!)) throw new RangeError('packChanges: roster numbers not ascending');
  }
  const lo = seqs[0]!;
  const hi = seqs[n - 1]!;
  let largest = 0;
  for (let i = 0; i < n; i++) largest = Math.max(largest, Math.abs(cents[i]!));
  if (largest > PACKED_MAX || hi > PACKED_MAX) return null;
  const distinct = Int32Array.from(new Set(Array.from(cents))).sort();
  const indexOf = new Map<number, number>();
  for (let i = 0; i < distinct.length; i++) indexOf.set(distinct[i]!, i);
  const k = distinct.length;
  if (Math.floor((hi - lo) / 8) < 2 * n) {
    if (k > 65_536) return null;
    const wide = k > 256;
    const bitsAt = 16 + 4 * k;
    const indexesAt = bitsAt + Math.floor((hi - lo) / 8) + 1;
    const out = new Uint8Array(indexesAt + n * (wide ? 2 : 1));
    const view = new DataView(out.buffer);
    view.setInt32(0, PACKED_BITMAP);
    view.setInt32(4, lo);
    view.setInt32(8, hi - lo + 1);
    view.setInt32(12, k);
    for (let i = 0; i < k; i++) view.setInt32(16 + 4 * i, distinct[i]!);
    for (let i = 0; i < n; i++) {
      const offset = seqs[i]! - lo;
      out[bitsAt + (offset >>> 3)]! |= 1 << (offset & 7);
      const index = indexOf.get(cents[i]!)!;
      if (wide) view.setUint16(indexesAt + 2 * i, index);
      else out[indexesAt + i] = index;
    }
    return out;
  }
  const counts = new Int32Array(k);
  for (let i = 0; i < n; i++) counts[indexOf.get(cents[i]!)!]!++;
  const out = new Uint8Array(4 + 8 * k + 4 * n);
  const view = new DataView(out.buffer);
  view.setInt32(0, PACKED_GROUPED);
  // each group's header, then its numbers in the order met (ascending)
  const next = new Int32Array(k);
  for (let g = 0, at = 4; g < k; g++) {
    view.setInt32(at, distinct[g]!);
    view.setInt32(at + 4, counts[g]!);
    next[g] = at + 8;
    at += 8 + 4 * counts[g]!;
  }
  for (let i = 0; i < n; i++) {
    const g = indexOf.get(cents[i]!)!;
    view.setInt32(next[g]!, seqs[i]!);
    next[g]! += 4;
  }
  return out;
}
