import { PACKED_BITMAP, PACKED_GROUPED } from './points-log.ts';
import { buildSeqIndex, type SeqIndex, slotOfSeq } from './roster-slots.ts';

/*
 * Reading the packed changes of a points-ledger event, the format points-log.ts writes: added to totals by slot
 * (all at once, by blocks, or a turn at a time), listed by roster number, bounded (the largest move each way),
 * or looked up one roster at a time.
 */
/** The largest rise and the largest fall of any total (cents, ≥ 0), or bounds above them. */
export interface Moves {
  rise: number;
  fall: number;
}

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
 * order, and the slots follow the numbers: one forward walk, since every instance runs it right after a
 * match save.
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
export function bitmapLookup(b: Bitmap): (seq: number) => number {
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
