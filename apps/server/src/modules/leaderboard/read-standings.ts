import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { buildSeqIndex, pendingEventIds, pendingPoints, slotOfSeq } from '../points/index.ts';
import { parseVersion, pointsVersion } from './points-version.ts';
import { RosterIds } from './roster-ids.ts';
import { RANK_SPAN } from './sorted-keys.ts';
import type { Standings } from './standings.ts';

export async function readStandings(db: DbOrTx, leagueId: string): Promise<Standings> {
  // one sort in PostgreSQL, by name as its collation orders names: an entry's place is its name rank
  const { rows } = await db.execute<{ version: string; rosters: string | null; pending: string }>(sql`
    select ${pointsVersion(leagueId)} as version,
           (select string_agg(r.id::text || ' ' || r.seq::text || ' ' || r.total_points::text, ','
                              order by r.username, r.id)
            from rosters r where r.league_id = ${leagueId}) as rosters,
           -- match changes whose totals are not all written yet (points-fold.ts): the version counts them, so
           -- what they lack is applied here, from the same snapshot as the totals
           ${pendingEventIds(sql`${leagueId}::uuid`)} as pending`);
  const row = rows[0]!;
  const entries = row.rosters ? row.rosters.split(',') : [];
  const n = entries.length;
  const idsByRank = new Array<string>(n);
  const seqsByRank = new Float64Array(n);
  const centsByRank = new Float64Array(n);
  for (let rank = 0; rank < n; rank++) {
    // "id seq total", cut at its two spaces (no array per roster)
    const entry = entries[rank]!;
    const a = entry.indexOf(' ');
    const b = entry.indexOf(' ', a + 1);
    idsByRank[rank] = entry.slice(0, a);
    seqsByRank[rank] = Number(entry.slice(a + 1, b));
    centsByRank[rank] = Math.round(Number(entry.slice(b + 1)) * 100);
  }
  // the slots: the ranks in roster-number order
  const rank = ranksBySeq(seqsByRank);
  const ids = new Array<string>(n);
  const cents = new Float64Array(n);
  const seqs = new Float64Array(n);
  for (let slot = 0; slot < n; slot++) {
    const r = rank[slot]!;
    ids[slot] = idsByRank[r]!;
    cents[slot] = centsByRank[r]!;
    seqs[slot] = seqsByRank[r]!;
  }
  const seqIndex = buildSeqIndex(seqs);
  // (a change of a roster that has left since is not counted: it is not in the standings)
  (await pendingPoints(db, row.pending)).forEachChange((seq, delta) => {
    const slot = slotOfSeq(seqIndex, seq);
    if (slot >= 0) cents[slot] = cents[slot]! + delta;
  });
  return {
    version: row.version,
    parts: parseVersion(row.version),
    ids: new RosterIds(ids),
    cents,
    rank,
    seqs: seqIndex,
  };
}

/**
 * The ranks ordered by their roster numbers: one typed sort of seq × 2^21 + rank (exact while numbers stay
 * below 2^31 and ranks below 2^21), else a comparison sort.
 */
export function ranksBySeq(seqsByRank: Float64Array): Int32Array {
  const n = seqsByRank.length;
  let max = 0;
  for (const seq of seqsByRank) if (seq > max) max = seq;
  if (n < RANK_SPAN && max < 2 ** 31) {
    const keys = new Float64Array(n);
    for (let r = 0; r < n; r++) keys[r] = seqsByRank[r]! * RANK_SPAN + r;
    keys.sort();
    return Int32Array.from(keys, (key) => key % RANK_SPAN);
  }
  return Int32Array.from({ length: n }, (_, r) => r).sort((a, b) => seqsByRank[a]! - seqsByRank[b]!);
}
