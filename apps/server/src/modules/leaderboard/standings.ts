import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pendingEventIds, pendingPoints } from '../season/pending-points.ts';
import { PACKED_BITMAP, PACKED_GROUPED } from './points-log.ts';
import { RosterIds } from './roster-ids.ts';

/**
 * A league's standings kept in memory, one per league and process: every roster's total, in cents, by
 * "slot". Slots are the rosters in roster-number order (rosters.seq), so a packed change (points-log.ts),
 * whose numbers come nearly in that order, walks the arrays forward instead of jumping about a million of
 * them. Each slot also carries its roster's rank in (username, id) order as the database's collation
 * sorts them, so the leaderboard order (total descending, then username, then id: DECISIONS 17) compares
 * two numbers per roster and needs no sorted copy: a page is the `limit` smallest keys after the cursor's,
 * a position is 1 + the rosters with more points, each one pass over the totals (a few milliseconds at a
 * million).
 *
 * When the league's totals change, the standings are patched from the points logs, not read again: the
 * ledger events since (each carries its changes packed, points-log.ts) and the adjustments since. Only a
 * join or a leave (new ranks) reads the league again. A match save's events (bitmaps) are applied a turn
 * at a time; meanwhile the first page and positions are answered ahead of them (`Ahead`): from the last
 * sorted order, each total of the band that can have moved looked up in the events.
 */
export interface Standings {
  version: string;
  parts: VersionParts;
  /** slot → roster id, and back (roster-ids.ts) */
  ids: RosterIds;
  /** slot → total points × 100 (whole numbers) */
  cents: Float64Array;
  /** slot → the roster's place in (username, id) order, from 0: the tie-break of equal totals */
  rank: Int32Array;
  /** roster number (rosters.seq) → slot, for the packed changes */
  seqs: SeqIndex;
  /** the first page, once asked for (the standings of one version never change once published) */
  top?: { limit: number; slice: PageSlice };
  /** the rosters in leaderboard order, once sorted (sortStandings): pages and positions by binary search */
  sorted?: SortedKeys | null;
  /** patched standings, until they are sorted: an earlier version's order, for the first page (bandPage) */
  earlier?: EarlierOrder;
  /**
   * An empty array as long as `cents`, made at a quiet moment (after the sort) for the next patch's totals,
   * which copies into it: the 8 MB a million rosters take is not allocated (nor the collection it may set
   * off) while a page waits. Taken once (`copyOfTotals`).
   */
  spare?: Float64Array;
}

/**
 * The sorted order of an earlier version of the same rosters, and by how much at most any total has risen
 * or fallen since (cents, ≥ 0): a roster can only be in the new top if it was within that rise of it
 * before, and only a roster within those bounds of a total can have passed it either way.
 */
export interface EarlierOrder extends Moves {
  sorted: SortedKeys;
}

/** The largest rise and the largest fall of any total (cents, ≥ 0), or bounds above them. */
export interface Moves {
  rise: number;
  fall: number;
}

export interface VersionParts {
  participants: string;
  newest: string;
  ledgerId: number;
  adjustmentId: number;
}

/**
 * The league's points version: its participant count (kept by triggers) and newest roster (membership), its
 * last points-ledger event and its last adjustment. Every change of a total appends to one of those logs
 * under the league's points-log lock (points-log.ts), so the version changes exactly when the standings
 * can, on one server or many, and the log rows up to it are all visible.
 */
export const pointsVersion = (leagueId: string) => sql`concat_ws('|',
  (select l.participant_count from leagues l where l.id = ${leagueId}),
  coalesce((select (extract(epoch from max(v.created_at)) * 1000000)::bigint from rosters v where v.league_id = ${leagueId}), 0),
  coalesce((select max(l.id) from roster_points_ledger l where l.league_id = ${leagueId}), 0),
  coalesce((select max(a.id) from roster_point_adjustments a where a.league_id = ${leagueId}), 0))`;

function parseVersion(version: string): VersionParts {
  const [participants = '', newest = '', ledgerId = '0', adjustmentId = '0'] = version.split('|');
  return { participants, newest, ledgerId: Number(ledgerId), adjustmentId: Number(adjustmentId) };
}

/** The standings of `have` answer for `want`: the same rosters, and every log row of `want` applied. */
function covers(have: VersionParts, want: VersionParts): boolean {
  return (
    have.participants === want.participants &&
    have.newest === want.newest &&
    have.ledgerId >= want.ledgerId &&
    have.adjustmentId >= want.adjustmentId
  );
}

// ------------------------------------------------------------------ roster number → slot

/**
 * The slot of each roster number. The numbers come from one sequence for every league, so a league's are
 * usually dense: an array from the smallest (a lookup is one read); a Map when they are spread out.
 */
export type SeqIndex = (
  | { kind: 'array'; base: number; slots: Int32Array }
  | { kind: 'map'; slots: Map<number, number> }
) & {
  /** slot → roster number, the other way */
  numbers: Float64Array;
};

export function buildSeqIndex(seqs: Float64Array): SeqIndex {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const seq of seqs) {
    if (seq < min) min = seq;
    if (seq > max) max = seq;
  }
  if (seqs.length === 0 || max - min + 1 > 4 * seqs.length + 1024) {
    const slots = new Map<number, number>();
    for (let slot = 0; slot < seqs.length; slot++) slots.set(seqs[slot]!, slot);
    return { kind: 'map', slots, numbers: seqs };
  }
  // slot + 1 in each entry: 0 is a number no roster of the league has
  const slots = new Int32Array(max - min + 1);
  for (let slot = 0; slot < seqs.length; slot++) slots[seqs[slot]! - min] = slot + 1;
  return { kind: 'array', base: min, slots, numbers: seqs };
}

/** The slot of roster number `seq`, or -1. */
function slotOfSeq(index: SeqIndex, seq: number): number {
  if (index.kind === 'map') return index.slots.get(seq) ?? -1;
  const at = seq - index.base;
  return at >= 0 && at < index.slots.length ? index.slots[at]! - 1 : -1;
}

// ------------------------------------------------------------------ reading and patching

async function readStandings(db: DbOrTx, leagueId: string): Promise<Standings> {
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

const asBytes = (value: unknown): Uint8Array | null => (value instanceof Uint8Array ? value : null);

/** Events naming fewer rosters are applied as they come; larger ones by blocks of roster numbers. */
const BLOCK_MIN_CHANGES = 32_768;
/** A block: 2^14 roster numbers, whose slots and totals (slots follow the numbers) stay in the CPU's cache. */
const BLOCK_SHIFT = 14;

/**
 * Adds one packed ledger event (points-log.ts) to `cents`; false when the event is of no known format, is
 * cut, or names a roster the standings do not know (then the league is read again, and `cents` is thrown
 * away).
 *
 * A bitmap event lists its rosters in number order, and the slots follow the numbers: one forward walk.
 * A grouped event lists them once per distinct delta, so taken as it comes a large one would sweep the
 * totals once per delta, each change a cache miss: it is first sorted into blocks of roster numbers (one
 * counting pass, one pass writing each change to its block), then applied block by block, each block's
 * lookups and totals a small stretch of memory.
 */
export function applyPacked(
  packed: Uint8Array,
  seqs: SeqIndex,
  cents: Float64Array,
  /** from how many changes the blocks are used (tests take them for small events too) */
  blocksFrom = BLOCK_MIN_CHANGES,
): boolean {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const end = packed.byteLength;
  if (end < 4) return false;
  const format = view.getInt32(0);
  if (format === PACKED_BITMAP) return applyBitmap(packed, seqs, cents);
  if (format !== PACKED_GROUPED) return false;
  // the shape first: every group's count within the event, and nothing after the last one
  let changes = 0;
  let at = 4;
  while (at + 8 <= end) {
    const count = view.getInt32(at + 4);
    if (count < 0 || at + 8 + count * 4 > end) return false;
    changes += count;
    at += 8 + count * 4;
  }
  if (at !== end) return false;
  if (seqs.kind === 'array' && changes >= blocksFrom) return applyByBlocks(view, changes, seqs, cents);
  for (at = 4; at < end; ) {
    const delta = view.getInt32(at);
    const stop = at + 8 + view.getInt32(at + 4) * 4;
    for (at += 8; at < stop; at += 4) {
      const slot = slotOfSeq(seqs, view.getInt32(at));
      if (slot < 0) return false;
      cents[slot] = cents[slot]! + delta;
    }
  }
  return true;
}

/**
 * The changes of a packed event (either format) by roster number ascending, each with its delta in cents;
 * null when `applyPacked` would refuse it. Read through `applyPacked` itself, into one slot per number of the
 * event's span (every change of a valid event is non-zero, and names its roster once).
 */
export function unpackChanges(packed: Uint8Array): { seqs: Int32Array; cents: Int32Array } | null {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (packed.byteLength < 4) return null;
  let numbers: Float64Array;
  if (view.getInt32(0) === PACKED_BITMAP) {
    if (packed.byteLength < 16) return null;
    const lo = view.getInt32(4);
    const span = view.getInt32(8);
    if (span <= 0 || span > PACKED_SPAN_MAX) return null;
    numbers = new Float64Array(span);
    for (let i = 0; i < span; i++) numbers[i] = lo + i;
  } else {
    // the grouped format's numbers, wherever they lie (applyPacked checks the groups' shape)
    const found: number[] = [];
    for (let at = 4; at + 8 <= packed.byteLength; ) {
      const stop = Math.min(at + 8 + Math.max(view.getInt32(at + 4), 0) * 4, packed.byteLength);
      for (at += 8; at + 4 <= stop; at += 4) found.push(view.getInt32(at));
    }
    numbers = Float64Array.from(new Set(found)).sort();
  }
  const sums = new Float64Array(numbers.length);
  if (!applyPacked(packed, buildSeqIndex(numbers), sums)) return null;
  let n = 0;
  for (const sum of sums) if (sum !== 0) n++;
  const seqs = new Int32Array(n);
  const cents = new Int32Array(n);
  for (let slot = 0, i = 0; slot < sums.length; slot++) {
    if (sums[slot] === 0) continue;
    seqs[i] = numbers[slot]!;
    cents[i++] = sums[slot]!;
  }
  return { seqs, cents };
}

/** The widest bitmap a reader unpacks (its numbers, 8 bytes each, are laid out one per slot). */
const PACKED_SPAN_MAX = 1 << 26;

/**
 * The largest positive delta and the largest negative one (as a fall), in cents, of an event `applyPacked`
 * took (0 when there is none that way): no roster moved by more (each is named once in an event).
 */
export function packedMoves(packed: Uint8Array): Moves {
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const moves: Moves = { rise: 0, fall: 0 };
  const take = (delta: number) => {
    moves.rise = Math.max(moves.rise, delta);
    moves.fall = Math.max(moves.fall, -delta);
  };
  if (view.getInt32(0) === PACKED_BITMAP) {
    const k = view.getInt32(12);
    for (let i = 0; i < k; i++) take(view.getInt32(16 + 4 * i));
  } else {
    for (let at = 4; at + 8 <= packed.byteLength; at += 8 + view.getInt32(at + 4) * 4)
      take(view.getInt32(at));
  }
  return moves;
}

/** Set bits of each byte value. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let v = b; v !== 0; v &= v - 1) n++;
  return n;
});

/** A bitmap event (points-log.ts) whose shape has been checked: every part within it, every index < k. */
export interface Bitmap {
  bytes: Uint8Array;
  lo: number;
  span: number;
  /** delta index → cents */
  deltas: Int32Array;
  bitsAt: number;
  bitsEnd: number;
  /** two bytes an index (more than 256 distinct deltas) */
  wide: boolean;
}

/**
 * A bitmap event's parts, its shape checked (the bits within the span, one index for each, each naming a
 * delta), or null: then whoever walks it checks only the roster each change names.
 */
export function bitmapOf(bytes: Uint8Array): Bitmap | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength;
  if (end < 16 || view.getInt32(0) !== PACKED_BITMAP) return null;
  const lo = view.getInt32(4);
  const span = view.getInt32(8);
  const k = view.getInt32(12);
  if (span <= 0 || k <= 0 || k > 65_536) return null;
  const deltasAt = 16;
  const bitsAt = deltasAt + 4 * k;
  const bitsEnd = bitsAt + ((span - 1) >>> 3) + 1;
  if (bitsEnd > end) return null;
  // no bit past the span, and the indexes (one or two bytes each) right after the bitmap, to the end
  if (bytes[bitsEnd - 1]! >>> (((span - 1) & 7) + 1) !== 0) return null;
  let moved = 0;
  for (let b = bitsAt; b < bitsEnd; b++) moved += BITS_SET[bytes[b]!]!;
  const wide = k > 256;
  if (bitsEnd + moved * (wide ? 2 : 1) !== end) return null;
  if (wide) {
    for (let at = bitsEnd; at < end; at += 2) if (((bytes[at]! << 8) | bytes[at + 1]!) >= k) return null;
  } else if (k < 256) {
    for (let at = bitsEnd; at < end; at++) if (bytes[at]! >= k) return null;
  }
  const deltas = new Int32Array(k);
  for (let i = 0; i < k; i++) deltas[i] = view.getInt32(deltasAt + 4 * i);
  return { bytes, lo, span, deltas, bitsAt, bitsEnd, wide };
}

/**
 * Adds the changes of the bitmap's bytes [fromByte, toByte) to `cents`, their indexes starting at `at`; the
 * index after them, or -1 when one names a roster the standings do not know. The rosters come in number
 * order, and the slots follow the numbers: one forward walk. It is what every instance does right after a
 * match save (~10 ms for 650,000 changes).
 */
function applyBits(
  b: Bitmap,
  seqs: SeqIndex,
  cents: Float64Array,
  fromByte: number,
  toByte: number,
  at: number,
) {
  const { bytes, lo, deltas, wide } = b;
  // the slot of number lo + i: straight from the lookup when it covers the span, else one by one
  const direct = seqs.kind === 'array' && lo - seqs.base >= 0 && lo - seqs.base + b.span <= seqs.slots.length;
  const lookup = direct ? seqs.slots : null;
  const first = (direct ? lo - seqs.base : 0) + (fromByte - b.bitsAt) * 8;
  for (let byte = fromByte, offset = first; byte < toByte; byte++, offset += 8) {
    let bits = bytes[byte]!;
    while (bits !== 0) {
      const bit = 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      const index = wide ? (bytes[at++]! << 8) | bytes[at++]! : bytes[at++]!;
      const slot = lookup ? lookup[offset + bit]! - 1 : slotOfSeq(seqs, lo + offset + bit);
      if (slot < 0) return -1;
      cents[slot] = cents[slot]! + deltas[index]!;
    }
  }
  return at;
}

function applyBitmap(bytes: Uint8Array, seqs: SeqIndex, cents: Float64Array): boolean {
  const b = bitmapOf(bytes);
  return b !== null && applyBits(b, seqs, cents, b.bitsAt, b.bitsEnd, b.bitsEnd) >= 0;
}

/**
 * Bitmap bytes one turn of `applyInTurns` walks (32,768 roster numbers, well under a millisecond): a page
 * answered meanwhile waits for a turn at each step of its answer (its rows, its compression, its write).
 */
const APPLY_TURN_BYTES = 1 << 12;

/** `applyBits` over the whole bitmap a stretch at a time, the event loop free in between. */
export async function applyInTurns(
  b: Bitmap,
  seqs: SeqIndex,
  cents: Float64Array,
  turnBytes = APPLY_TURN_BYTES,
): Promise<boolean> {
  let at = b.bitsEnd;
  for (let from = b.bitsAt; from < b.bitsEnd; from += turnBytes) {
    at = applyBits(b, seqs, cents, from, Math.min(from + turnBytes, b.bitsEnd), at);
    if (at < 0) return false;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return true;
}

/**
 * The delta (cents) a bitmap event gives roster number `seq` (0 when none), without walking it: the set
 * bits before each byte are counted once (one pass over the bitmap, 125 KB at a million numbers, into an
 * array of 4 bytes a byte), so a change's index is that count plus the bits set below it in its own byte.
 */
function bitmapLookup(b: Bitmap): (seq: number) => number {
  const { bytes, bitsAt, bitsEnd, lo, span, deltas, wide } = b;
  const before = new Int32Array(bitsEnd - bitsAt);
  for (let byte = bitsAt, count = 0; byte < bitsEnd; byte++) {
    before[byte - bitsAt] = count;
    count += BITS_SET[bytes[byte]!]!;
  }
  return (seq) => {
    const p = seq - lo;
    if (p < 0 || p >= span) return 0;
    const bits = bytes[bitsAt + (p >>> 3)]!;
    const bit = p & 7;
    if (((bits >>> bit) & 1) === 0) return 0;
    const rank = before[p >>> 3]! + BITS_SET[bits & ((1 << bit) - 1)]!;
    const index = wide
      ? (bytes[bitsEnd + 2 * rank]! << 8) | bytes[bitsEnd + 2 * rank + 1]!
      : bytes[bitsEnd + rank]!;
    return deltas[index]!;
  };
}

function applyByBlocks(
  view: DataView,
  changes: number,
  seqs: Extract<SeqIndex, { kind: 'array' }>,
  cents: Float64Array,
): boolean {
  const end = view.byteLength;
  const { base, slots } = seqs;
  const starts = new Int32Array((slots.length >>> BLOCK_SHIFT) + 2);
  for (let at = 4; at < end; ) {
    const stop = at + 8 + view.getInt32(at + 4) * 4;
    for (at += 8; at < stop; at += 4) {
      const k = view.getInt32(at) - base;
      if (k < 0 || k >= slots.length) return false;
      starts[(k >>> BLOCK_SHIFT) + 1]!++;
    }
  }
  for (let b = 1; b < starts.length; b++) starts[b]! += starts[b - 1]!;
  // (offset into the lookup, delta) of every change, block by block
  const sorted = new Int32Array(changes * 2);
  const fill = starts.slice();
  for (let at = 4; at < end; ) {
    const delta = view.getInt32(at);
    const stop = at + 8 + view.getInt32(at + 4) * 4;
    for (at += 8; at < stop; at += 4) {
      const k = view.getInt32(at) - base;
      const to = fill[k >>> BLOCK_SHIFT]!++ * 2;
      sorted[to] = k;
      sorted[to + 1] = delta;
    }
  }
  for (let i = 0; i < sorted.length; i += 2) {
    const slot = slots[sorted[i]!]! - 1;
    if (slot < 0) return false;
    cents[slot] = cents[slot]! + sorted[i + 1]!;
  }
  return true;
}

/**
 * The standings of `target` from `from` and the log rows in between, or null when they cannot be patched
 * (rosters joined or left, a delta too large to pack, a roster the standings do not know). The ledger
 * events come from `early` when the page read them ahead with the version and they are all there.
 */
async function patchStandings(
  db: DbOrTx,
  leagueId: string,
  from: Standings,
  target: string,
  early?: LogPrefetch,
  /** told the standings ahead of their totals, when the events allow it (`Ahead`) */
  tellAhead?: (ahead: Ahead) => void,
): Promise<Standings | null> {
  const want = parseVersion(target);
  const have = from.parts;
  if (want.participants !== have.participants || want.newest !== have.newest) return null;
  const read = early && prefetchCovers(early, have, want);
  const [ledger, adjustments] = await Promise.all([
    read
      ? Promise.resolve({ rows: read })
      : want.ledgerId > have.ledgerId
        ? db.execute<{ packed: unknown }>(sql`
          select packed from roster_points_ledger
          where league_id = ${leagueId} and id > ${have.ledgerId} and id <= ${want.ledgerId} order by id`)
        : Promise.resolve({ rows: [] as { packed: unknown }[] }),
    want.adjustmentId > have.adjustmentId
      ? db.execute<{ roster_id: string; cents: number }>(sql`
          select roster_id::text as roster_id, round(delta * 100)::float8 as cents from roster_point_adjustments
          where league_id = ${leagueId} and id > ${have.adjustmentId} and id <= ${want.adjustmentId}`)
      : Promise.resolve({ rows: [] as { roster_id: string; cents: number }[] }),
  ]);
  const events: Uint8Array[] = [];
  for (const row of ledger.rows) {
    const packed = asBytes(row.packed);
    if (!packed) return null;
    events.push(packed);
  }
  // bitmap events only (a match save's): the first page and positions can be answered before they are
  // applied, which happens a turn at a time
  const bitmaps = adjustments.rows.length === 0 ? events.map(bitmapOf) : [];
  if (events.length > 0 && bitmaps.length === events.length && bitmaps.every((b) => b !== null)) {
    const ahead = aheadOf(from, target, bitmaps);
    if (ahead && tellAhead) {
      tellAhead(ahead);
      // the pages told go first (their page, their rows asked for, their positions) before any total is copied
      await new Promise((resolve) => setImmediate(resolve));
    }
    const cents = copyOfTotals(from);
    for (const b of bitmaps) if (!(await applyInTurns(b, from.seqs, cents))) return null;
    return patched(from, cents, target, movesOf(bitmaps));
  }
  // no total moved by more than the largest delta each way of each event plus every adjustment that way
  const moves: Moves = { rise: 0, fall: 0 };
  const cents = copyOfTotals(from);
  for (const packed of events) {
    if (!applyPacked(packed, from.seqs, cents)) return null;
    addMoves(moves, packedMoves(packed));
  }
  for (const row of adjustments.rows) {
    const slot = from.ids.slotOf(row.roster_id);
    if (slot === undefined) return null;
    const delta = Number(row.cents);
    cents[slot] = cents[slot]! + delta;
    moves.rise += Math.max(0, delta);
    moves.fall += Math.max(0, -delta);
  }
  return patched(from, cents, target, moves);
}

// ------------------------------------------------------------------ the log read ahead, with a page's first queries

/**
 * The league's newest ledger events after `afterId` (the cached standings' last one), read in the same
 * statement as the league's points version by the page that may need them (leaderboard.ts): right after a
 * change, the page then patches its standings without another round trip. At most `PREFETCH_EVENTS`
 * events, each as its id (int8), the length of its packed changes (int4) and those (an event packed as
 * null has length 0, which `applyPacked` refuses: the league is read again). Null when there is none.
 */
export const logAfter = (leagueId: string, afterId: number) => sql`(
  select string_agg(int8send(e.id) || int4send(length(coalesce(e.packed, ''::bytea))) || coalesce(e.packed, ''::bytea),
                    ''::bytea order by e.id)
  from (select id, packed from roster_points_ledger
        where league_id = ${leagueId} and id > ${afterId} order by id limit ${PREFETCH_EVENTS}) e)`;

const PREFETCH_EVENTS = 4;

/** Ledger events read ahead (`logAfter`): those after `afterId`, in id order. */
export interface LogPrefetch {
  afterId: number;
  events: { id: number; packed: Uint8Array }[];
}

/** The events `logAfter` read, or null when its bytes are not what it writes. */
export function readLogAfter(afterId: number, value: unknown): LogPrefetch | null {
  const events: LogPrefetch['events'] = [];
  if (value === null || value === undefined) return { afterId, events };
  const bytes = asBytes(value);
  if (!bytes) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.byteLength; ) {
    if (at + 12 > bytes.byteLength) return null;
    const id = Number(view.getBigInt64(at));
    const length = view.getInt32(at + 8);
    const end = at + 12 + length;
    if (length < 0 || end > bytes.byteLength) return null;
    events.push({ id, packed: bytes.subarray(at + 12, end) });
    at = end;
  }
  return { afterId, events };
}

/**
 * The events of `early` that take standings from `have` to `want`, or undefined when they are not all
 * there (read before the last one committed, or past the prefetch's limit). A reader that sees an event
 * sees every earlier one of its league (the points-log lock, points-log.ts): the events up to `want`'s
 * last are complete when that one is among them.
 */
function prefetchCovers(early: LogPrefetch, have: VersionParts, want: VersionParts) {
  if (early.afterId !== have.ledgerId) return undefined;
  if (want.ledgerId === have.ledgerId) return [];
  const events = early.events.filter((e) => e.id <= want.ledgerId);
  return events.at(-1)?.id === want.ledgerId ? events.map((e) => ({ packed: e.packed })) : undefined;
}

/**
 * The ledger id after which a page should read ahead, or null (nothing cached, an update already under
 * way, or another page of this process already reading ahead: one 0.8 MB event a change per process, not
 * one per page asked meanwhile). `done` when its first queries have answered.
 */
export function claimPrefetch(leagueId: string): { afterId: number; done: () => void } | null {
  const cached = cache.get(leagueId);
  if (!cached || updating.has(leagueId) || prefetching.has(leagueId)) return null;
  prefetching.add(leagueId);
  return { afterId: cached.parts.ledgerId, done: () => prefetching.delete(leagueId) };
}
const prefetching = new Set<string>();

/** A copy of `from`'s totals, in its spare array when it has one (the spare is then its no more). */
export function copyOfTotals(from: Standings): Float64Array {
  const spare = from.spare;
  from.spare = undefined;
  if (!spare || spare.length !== from.cents.length) return from.cents.slice();
  spare.set(from.cents);
  return spare;
}

/**
 * The standings of the same rosters at `version`, with their new totals: not sorted yet, but carrying the
 * last sorted order they descend from and bounds of how far any total moved since, for the first page and
 * positions (bandPage, bandAbove) until they are sorted.
 */
export function patched(
  from: Standings,
  cents: Float64Array,
  version: string,
  /** bounds of the moves of the totals from `from` to `cents` (read from the events by patchStandings) */
  moves: Moves,
): Standings {
  return {
    ...from,
    version,
    parts: parseVersion(version),
    cents,
    top: undefined,
    sorted: undefined,
    earlier: earlierOf(from, moves),
    spare: undefined,
  };
}

const addMoves = (to: Moves, more: Moves) => {
  to.rise += more.rise;
  to.fall += more.fall;
};

/** The last sorted order `from` descends from, with the bounds of the moves since widened by `moves`. */
function earlierOf(from: Standings, moves: Moves): EarlierOrder | undefined {
  const base = from.sorted ? { sorted: from.sorted, rise: 0, fall: 0 } : from.earlier;
  return base && { sorted: base.sorted, rise: base.rise + moves.rise, fall: base.fall + moves.fall };
}

/** Bounds of the moves of a run of bitmap events: each roster moved once an event. */
function movesOf(bitmaps: Bitmap[]): Moves {
  const moves: Moves = { rise: 0, fall: 0 };
  for (const b of bitmaps) addMoves(moves, packedMoves(b.bytes));
  return moves;
}

/**
 * `from` ahead of the totals `bitmaps` bring (`Ahead`), or null when it has no sorted order to start from
 * (then the pages wait for the events to be applied).
 */
export function aheadOf(from: Standings, version: string, bitmaps: Bitmap[]): Ahead | null {
  const earlier = earlierOf(from, movesOf(bitmaps));
  if (!earlier) return null;
  const lookups = bitmaps.map(bitmapLookup);
  const numbers = from.seqs.numbers;
  const total = (slot: number) => {
    let cents = from.cents[slot]!;
    for (const lookup of lookups) cents += lookup(numbers[slot]!);
    return cents;
  };
  // from's own order: each total is its key's and the number beside it, read in order (a band of 65,536
  // rosters in a couple of milliseconds, where a slot at a time is a few cache misses each)
  const own = from.sorted === earlier.sorted ? from.sorted : null;
  const totalAt = own
    ? (i: number) => {
        let cents = own.best - Math.floor(own.keys[i]! / RANK_SPAN);
        for (const lookup of lookups) cents += lookup(own.numbers[i]!);
        return cents;
      }
    : (i: number) => total(slotAtIndex(earlier.sorted, i));
  return { from, version, earlier, total, totalAt };
}

/**
 * Patched standings whose events are still being applied (a turn at a time, `applyInTurns`): their first
 * page and positions come from the earlier order's band (bandPage, bandAbove), each total of the band
 * looked up in the events, so the page right after a match save waits for the event's read, not its
 * 650,000 changes.
 */
export interface Ahead {
  /** the standings patched from: the same rosters, slots and name ranks */
  from: Standings;
  version: string;
  earlier: EarlierOrder;
  /** slot → its total at `version` (cents) */
  total: (slot: number) => number;
  /** the same, of the roster at index i of the earlier order */
  totalAt: (i: number) => number;
}

/**
 * Rosters kept across the cached leagues (about 60 bytes each, all in typed arrays: a league of a million
 * is ~60 MB; a patched version shares all but its totals); beyond it the leagues brought up to date
 * longest ago are dropped (never the one just kept).
 */
const MAX_CACHED_ROSTERS = 2_500_000;
const cache = new Map<string, Standings>();

function keep(leagueId: string, standings: Standings) {
  cache.delete(leagueId);
  let total = standings.ids.length;
  for (const other of cache.values()) total += other.ids.length;
  for (const [id, other] of cache) {
    if (total <= MAX_CACHED_ROSTERS) break;
    cache.delete(id);
    total -= other.ids.length;
  }
  cache.set(leagueId, standings);
}
interface Update {
  done: Promise<Standings>;
  /** the standings ahead of their totals, when the patch allows it (else null) */
  ahead: Promise<Ahead | null>;
}
const updating = new Map<string, Update>();

/** Patches the cached standings up to the league's current version, or reads them again; one at a time. */
function update(db: DbOrTx, leagueId: string, target: string | null, early?: LogPrefetch): Update {
  let pending = updating.get(leagueId);
  if (!pending) {
    let tellAhead: (ahead: Ahead | null) => void = () => {};
    const ahead = new Promise<Ahead | null>((resolve) => {
      tellAhead = resolve;
    });
    const done = (async () => {
      const cached = cache.get(leagueId);
      let version = target;
      if (cached && version === null) {
        const { rows } = await db.execute<{ v: string }>(sql`select ${pointsVersion(leagueId)} as v`);
        version = rows[0]!.v;
      }
      if (cached && version !== null && covers(cached.parts, parseVersion(version))) return cached;
      const patched =
        cached && version !== null
          ? await patchStandings(db, leagueId, cached, version, early, tellAhead)
          : null;
      return patched ?? (await readStandings(db, leagueId));
    })()
      .then((standings) => {
        keep(leagueId, standings);
        // the sorted order a moment later, once the pages waiting for this update are answered, a few
        // milliseconds at a time (no page waits for it: the passes serve meanwhile)
        if (standings.sorted === undefined) setTimeout(() => sortSoon(standings), SORT_DELAY_MS).unref();
        return standings;
      })
      .finally(() => {
        tellAhead(null);
        updating.delete(leagueId);
      });
    pending = { done, ahead };
    updating.set(leagueId, pending);
  }
  return pending;
}

/** The cached standings of a league, whatever their version (a page checks it). */
export const cachedStandings = (leagueId: string) => cache.get(leagueId);

/**
 * The standings at `version` or newer: the cached ones, or an update shared by concurrent requests. An
 * update already under way when `version` was read may stop short of it: then the next one is awaited.
 */
export async function standingsFor(
  db: DbOrTx,
  leagueId: string,
  version: string,
  /** the events after the cached standings' last, when the caller read them with `version` (`logAfter`) */
  early?: LogPrefetch,
): Promise<Standings> {
  const want = parseVersion(version);
  const cached = cache.get(leagueId);
  if (cached && covers(cached.parts, want)) return cached;
  const standings = await update(db, leagueId, version, early).done;
  return covers(standings.parts, want) ? standings : update(db, leagueId, version).done;
}

/**
 * The standings at `version` ahead of their totals (`Ahead`), when the update that brings them does it
 * that way; null when the cached ones are already there or it does not (then `standingsFor`).
 */
export async function standingsAhead(
  db: DbOrTx,
  leagueId: string,
  version: string,
  early?: LogPrefetch,
): Promise<Ahead | null> {
  const want = parseVersion(version);
  const cached = cache.get(leagueId);
  if (cached && covers(cached.parts, want)) return null;
  const ahead = await update(db, leagueId, version, early).ahead;
  return ahead && covers(parseVersion(ahead.version), want) ? ahead : null;
}

/**
 * After a change of a league's totals has committed (a match save, a recalculation, an event from another
 * instance): when this process keeps the league's standings, brings them up to date now, so the next page
 * does not wait. Never needed for correctness: a page always checks the version.
 */
export async function refreshStandings(db: DbOrTx, leagueId: string): Promise<void> {
  if (cache.has(leagueId)) await update(db, leagueId, null).done;
}

/** Forgets every league's standings (tests). */
export function clearStandings(): void {
  cache.clear();
}

// ------------------------------------------------------------------ pages and positions, one pass each

/**
 * A place in the leaderboard order: a total and a name rank (a fraction for a roster no longer in the
 * league: it sorted between two ranks).
 */
export interface OrderKey {
  cents: number;
  rank: number;
}

const before = (c1: number, r1: number, c2: number, r2: number) => c1 > c2 || (c1 === c2 && r1 < r2);

/** `a` comes before `b` in the leaderboard order (slots). */
const slotBefore = (s: Standings, a: number, b: number) =>
  before(s.cents[a]!, s.rank[a]!, s.cents[b]!, s.rank[b]!);

export interface PageSlice {
  /** the number of rosters before the page */
  start: number;
  slots: number[];
  positions: number[];
  /** more rosters after the page */
  more: boolean;
  /** the rosters with more points than pageAfter's `aboveOf`, when its pass counted them */
  above?: number;
}

// ------------------------------------------------------------------ the sorted order, when it is there

/**
 * Each roster's place in the order as one exact number: (best total − its total) × 2^21 + its name rank,
 * so ascending keys are the leaderboard order. Exact while ranks stay below 2^21 and totals span less than
 * 2^31 cents (21.4 million points); otherwise the league keeps to the passes.
 */
export interface SortedKeys {
  keys: Float64Array;
  /** name rank → slot */
  slotOfRank: Int32Array;
  /** index in the order → roster number (the band of an `Ahead` walks it with the keys, in order) */
  numbers: Float64Array;
  best: number;
  worst: number;
}

const RANK_SPAN = 2 ** 21;
const SORT_DELAY_MS = 250;

/** Sorts the standings at once (tests; the server sorts a little at a time, `sortSoon`). */
export function sortStandings(s: Standings): void {
  for (const _ of sortSteps(s)) {
    // every step at once
  }
}

/** How long one turn of `sortSoon` may hold the event loop before letting requests in (ms). */
const SORT_TURN_MS = 4;

/**
 * Sorts the standings a few milliseconds at a time, the event loop free in between: at a million rosters the
 * sort is ~60–150 ms of work (a comparison sort, `Float64Array.sort`, held the event loop 90–400 ms at
 * once, and every request that came meanwhile waited). The passes serve pages until it is done.
 */
function sortSoon(s: Standings): void {
  const steps = sortSteps(s);
  const turn = () => {
    const until = performance.now() + SORT_TURN_MS;
    while (performance.now() < until) if (steps.next().done) return;
    setImmediate(turn);
  };
  turn();
}

/** Rosters a step of the sort goes through before it may pause. */
const SORT_STEP = 1 << 15;

/** Runs `step` over 0..n in stretches of `SORT_STEP`, pausing after each. */
function* inSteps(n: number, step: (from: number, to: number) => void): Generator<void, void> {
  for (let from = 0; from < n; from += SORT_STEP) {
    step(from, Math.min(n, from + SORT_STEP));
    yield;
  }
}

/** The bits of a total's drop below the best one that one pass of the sort orders by. */
const RADIX_BITS = 11;

/**
 * The sort, in steps of at most `SORT_STEP` rosters (a generator: it pauses between steps). A key's parts
 * are small whole numbers and the name ranks are 0..n-1 each once, so it is a radix sort: the rosters laid
 * out by rank (each roster's drop below the best total, in cents, beside its rank), then ordered stably by
 * the drop 11 bits at a time from the lowest (an LSD radix sort: as many passes as the widest drop needs,
 * two while the totals span less than 41,943 points, each a count and a scatter with 2,048 buckets). Ties
 * keep the rank order.
 */
function* sortSteps(s: Standings): Generator<void, void> {
  if (s.sorted !== undefined) return;
  const all = s.cents;
  const n = all.length;
  let best = Number.NEGATIVE_INFINITY;
  let worst = Number.POSITIVE_INFINITY;
  yield* inSteps(n, (from, to) => {
    for (let slot = from; slot < to; slot++) {
      if (all[slot]! > best) best = all[slot]!;
      if (all[slot]! < worst) worst = all[slot]!;
    }
  });
  if (n >= RANK_SPAN || best - worst >= 2 ** 31) {
    s.sorted = null;
    s.earlier = undefined;
    return;
  }
  let drops = new Int32Array(n);
  let ranks = new Int32Array(n);
  const slotOfRank = new Int32Array(n);
  yield* inSteps(n, (from, to) => {
    for (let slot = from; slot < to; slot++) {
      const rank = s.rank[slot]!;
      drops[rank] = best - all[slot]!;
      ranks[rank] = rank;
      slotOfRank[rank] = slot;
    }
  });
  let nextDrops = new Int32Array(n);
  let nextRanks = new Int32Array(n);
  const counts = new Int32Array(1 << RADIX_BITS);
  const mask = (1 << RADIX_BITS) - 1;
  for (let shift = 0; shift === 0 || (best - worst) / 2 ** shift >= 1; shift += RADIX_BITS) {
    counts.fill(0);
    yield* inSteps(n, (from, to) => {
      for (let i = from; i < to; i++) counts[(drops[i]! >>> shift) & mask]!++;
    });
    for (let d = 0, sum = 0; d < counts.length; d++) {
      const count = counts[d]!;
      counts[d] = sum;
      sum += count;
    }
    yield* inSteps(n, (from, to) => {
      for (let i = from; i < to; i++) {
        const drop = drops[i]!;
        const at = counts[(drop >>> shift) & mask]!++;
        nextDrops[at] = drop;
        nextRanks[at] = ranks[i]!;
      }
    });
    [drops, nextDrops] = [nextDrops, drops];
    [ranks, nextRanks] = [nextRanks, ranks];
  }
  const keys = new Float64Array(n);
  const numbers = new Float64Array(n);
  const numberOfSlot = s.seqs.numbers;
  yield* inSteps(n, (from, to) => {
    for (let i = from; i < to; i++) {
      keys[i] = drops[i]! * RANK_SPAN + ranks[i]!;
      numbers[i] = numberOfSlot[slotOfRank[ranks[i]!]!]!;
    }
  });
  s.sorted = { keys, slotOfRank, numbers, best, worst };
  // (a quiet moment: the next patch's totals go in here)
  s.spare ??= new Float64Array(n);
  s.earlier = undefined;
}

/** The key of a total and a name rank (a fraction for a roster that left), totals outside the league clamped. */
function packedKey(k: SortedKeys, cents: number, rank: number): number {
  const clamped = Math.min(Math.max(cents, k.worst - 1), k.best + 1);
  return (k.best - clamped) * RANK_SPAN + rank;
}

/** The rosters of the sorted order with more points than `cents`. */
const aboveIn = (k: SortedKeys, cents: number) => search(k.keys, packedKey(k, cents, 0), false);

/** The slot at index `i` of the sorted order. */
const slotAtIndex = (k: SortedKeys, i: number) => k.slotOfRank[k.keys[i]! % RANK_SPAN]!;

/** The first index whose key is ≥ `key` (`strict`: > `key`). */
function search(keys: Float64Array, key: number, strict: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key || (strict && keys[mid]! === key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sortedPage(s: Standings, k: SortedKeys, after: OrderKey | null, limit: number): PageSlice {
  const start = after ? search(k.keys, packedKey(k, after.cents, after.rank), true) : 0;
  const end = Math.min(start + limit, k.keys.length);
  const slots: number[] = [];
  const positions: number[] = [];
  for (let i = start; i < end; i++) {
    const slot = slotAtIndex(k, i);
    const c = s.cents[slot]!;
    slots.push(slot);
    positions.push(
      i > start && c === s.cents[slots[i - start - 1]!]! ? positions[i - start - 1]! : positionOf(s, c),
    );
  }
  return { start, slots, positions, more: end < k.keys.length };
}

/** 1 + the rosters with more points than `cents` (competition ranks, DECISIONS 17). */
export function positionOf(s: Standings, cents: number): number {
  if (s.sorted) return aboveIn(s.sorted, cents) + 1;
  const counted = s.earlier ? bandAbove(s, s.earlier, cents) : null;
  if (counted !== null) return counted + 1;
  let above = 0;
  const all = s.cents;
  for (let slot = 0; slot < all.length; slot++) if (all[slot]! > cents) above++;
  return above + 1;
}

/**
 * The `limit` rosters right after `after` (from the top when null) in leaderboard order, with their
 * positions: one pass keeping the best `limit` in a heap whose root is the worst of them.
 */
export function pageAfter(
  s: Standings,
  after: OrderKey | null,
  limit: number,
  /** a total (cents) whose rosters above are counted in the same pass, when a pass runs (`above`) */
  aboveOf?: number,
): PageSlice {
  if (!after && s.top?.limit === limit) return s.top.slice;
  if (s.sorted) {
    const slice = sortedPage(s, s.sorted, after, limit);
    if (!after) s.top = { limit, slice };
    return slice;
  }
  const band = !after && s.earlier ? bandPage(s, s.earlier, limit) : null;
  if (band) {
    s.top = { limit, slice: band };
    return band;
  }
  const all = s.cents;
  const rank = s.rank;
  const heap = new Int32Array(limit);
  let size = 0;
  let start = 0;
  let rest = 0;
  const worse = (a: number, b: number) => slotBefore(s, b, a);
  // the heap's worst, once it is full
  let floor = Number.NEGATIVE_INFINITY;
  let floorRank = -1;
  const counting = aboveOf !== undefined;
  const mark = aboveOf ?? 0;
  let above = 0;
  for (let slot = 0; slot < all.length; slot++) {
    const c = all[slot]!;
    if (counting && c > mark) above++;
    if (after && !before(after.cents, after.rank, c, rank[slot]!)) {
      start++;
      continue;
    }
    rest++;
    // the heap is full and this total is below its worst: it cannot enter; the one test most of a
    // million rosters take (an equal total is decided by the name rank)
    if (size === limit && (c < floor || (c === floor && rank[slot]! > floorRank))) continue;
    if (size < limit) {
      // sift up
      let i = size++;
      heap[i] = slot;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else {
      // replace the worst, sift down
      heap[0] = slot;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < size && worse(heap[l]!, heap[w]!)) w = l;
        if (r < size && worse(heap[r]!, heap[w]!)) w = r;
        if (w === i) break;
        [heap[i], heap[w]] = [heap[w]!, heap[i]!];
        i = w;
      }
    }
    if (size === limit) {
      floor = all[heap[0]!]!;
      floorRank = rank[heap[0]!]!;
    }
  }
  const slots = Array.from(heap.subarray(0, size)).sort((a, b) => (slotBefore(s, a, b) ? -1 : 1));
  const positions: number[] = [];
  for (let k = 0; k < slots.length; k++) {
    const c = all[slots[k]!]!;
    if (k > 0 && c === all[slots[k - 1]!]!) positions.push(positions[k - 1]!);
    else if (k > 0 || start === 0) positions.push(start + k + 1);
    else positions.push(positionOf(s, c)); // the page starts inside a run of equal totals
  }
  const slice = { start, slots, positions, more: rest > size };
  if (!after) s.top = { limit, slice };
  return counting ? { ...slice, above } : slice;
}

/** Index in the earlier order → the total of its roster in `s` (cents). */
const ownTotalAt = (s: Standings, e: EarlierOrder) => (i: number) => s.cents[slotAtIndex(e.sorted, i)]!;

/** The most rosters bandPage looks at before it leaves the first page to the pass. */
const BAND_MAX = 1 << 16;

/**
 * The first page of patched standings from the top of an earlier sorted order, without a pass over the
 * league (right after a match save, while the new order is not sorted yet). The new `limit`-th best total
 * is at least `floor`, the lowest new total of the earlier top `limit`; a roster with a new total of
 * `floor` or more had an earlier total of at least `floor − rise`: those are the first keys of the
 * earlier order, found by a binary search. Null (the pass decides) when that band is a large share of
 * the league: early in a season, when most totals are close, or in a small league.
 */
export function bandPage(
  s: Standings,
  e: EarlierOrder,
  limit: number,
  /** index in the earlier order → its roster's total (cents): the standings' own, or ahead of them (`Ahead`) */
  totalAt = ownTotalAt(s, e),
): PageSlice | null {
  const n = e.sorted.keys.length;
  if (n !== s.cents.length || n <= limit) return null;
  let floor = Number.POSITIVE_INFINITY;
  for (let i = 0; i < limit; i++) floor = Math.min(floor, totalAt(i));
  // earlier totals ≥ floor − rise, i.e. above floor − rise − 1 (whole cents)
  const end = aboveIn(e.sorted, floor - e.rise - 1);
  if (end > BAND_MAX || end * 4 > n) return null;
  // the rosters at the floor or above, each as (best − total) × 2^21 + name rank: one typed sort puts them
  // in leaderboard order (thousands of them at the top of a big league right after a match)
  const pickedTotals: number[] = [];
  const pickedRanks: number[] = [];
  let best = floor;
  for (let i = 0; i < end; i++) {
    const c = totalAt(i);
    if (c >= floor) {
      pickedTotals.push(c);
      pickedRanks.push(e.sorted.keys[i]! % RANK_SPAN);
      if (c > best) best = c;
    }
  }
  if (best - floor >= 2 ** 31) return null;
  const keys = Float64Array.from(pickedTotals, (c, k) => (best - c) * RANK_SPAN + pickedRanks[k]!).sort();
  // every roster with more points than one of the page is picked, before it: competition ranks
  const slots: number[] = [];
  const positions: number[] = [];
  for (let k = 0; k < Math.min(limit, keys.length); k++) {
    slots.push(e.sorted.slotOfRank[keys[k]! % RANK_SPAN]!);
    const same = k > 0 && Math.floor(keys[k]! / RANK_SPAN) === Math.floor(keys[k - 1]! / RANK_SPAN);
    positions.push(same ? positions[k - 1]! : k + 1);
  }
  return { start: 0, slots, positions, more: n > slots.length };
}

/**
 * The rosters with more points than `cents` in patched standings, from an earlier sorted order: those
 * whose earlier total was above `cents` + fall are still above it, those at or below `cents` − rise
 * cannot have passed it, and only the band in between (found by two binary searches) is looked at. Null
 * (the pass counts) when the band is a large share of the league.
 */
export function bandAbove(
  s: Standings,
  e: EarlierOrder,
  cents: number,
  totalAt = ownTotalAt(s, e),
): number | null {
  const n = e.sorted.keys.length;
  if (n !== s.cents.length) return null;
  // (whole cents) earlier totals above cents + fall are still above; at or below cents − rise cannot be
  const sure = aboveIn(e.sorted, Math.floor(cents + e.fall));
  const end = aboveIn(e.sorted, Math.floor(cents - e.rise));
  if (end - sure > BAND_MAX || (end - sure) * 4 > n) return null;
  let above = sure;
  for (let i = sure; i < end; i++) if (totalAt(i) > cents) above++;
  return above;
}

/** The members' rosters in leaderboard order, with positions among them (private leagues). */
export function restrictedOrder(s: Standings, members: Iterable<string>) {
  const slots: number[] = [];
  for (const id of members) {
    const slot = s.ids.slotOf(id);
    if (slot !== undefined) slots.push(slot);
  }
  slots.sort((a, b) => (slotBefore(s, a, b) ? -1 : 1));
  const ids = slots.map((slot) => s.ids.at(slot));
  const totals = slots.map((slot) => s.cents[slot]! / 100);
  const positions: number[] = [];
  for (let k = 0; k < slots.length; k++) {
    positions.push(k > 0 && totals[k] === totals[k - 1] ? positions[k - 1]! : k + 1);
  }
  return { ids, totals, positions };
}
