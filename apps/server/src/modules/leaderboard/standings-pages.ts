import { aboveIn, packedKey, type SortedKeys, search, slotAtIndex } from './sorted-keys.ts';
import type { OrderKey, PageSlice, Standings } from './standings.ts';
import { bandAbove, bandPage } from './standings-bands.ts';

const before = (c1: number, r1: number, c2: number, r2: number) => c1 > c2 || (c1 === c2 && r1 < r2);

/** `a` comes before `b` in the leaderboard order (slots). */
const slotBefore = (s: Standings, a: number, b: number) =>
  before(s.cents[a]!, s.rank[a]!, s.cents[b]!, s.rank[b]!);

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
