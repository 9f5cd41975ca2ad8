/**
 * Each roster's place in the order as one exact number: (best total − its total) × 2^21 + its name rank,
 * so ascending keys are the leaderboard order. Exact while ranks stay below 2^21 and totals span less than
 * 2^31 cents (21.4 million points); otherwise the league keeps to the passes.
 */
export interface SortedKeys {
  keys: Float64Array;
  /** name rank → slot */
  slotOfRank: Int32Array;
  /** index in the order → roster number (the band of an `StandingsPreview` walks it with the keys, in order) */
  numbers: Float64Array;
  best: number;
  worst: number;
}

export const RANK_SPAN = 2 ** 21;

/** The key of a total and a name rank (a fraction for a roster that left), totals outside the league clamped. */
export function packedKey(k: SortedKeys, cents: number, rank: number): number {
  const clamped = Math.min(Math.max(cents, k.worst - 1), k.best + 1);
  return (k.best - clamped) * RANK_SPAN + rank;
}

/** The rosters of the sorted order with more points than `cents`. */
export const aboveIn = (k: SortedKeys, cents: number) => search(k.keys, packedKey(k, cents, 0), false);

/** The slot at index `i` of the sorted order. */
export const slotAtIndex = (k: SortedKeys, i: number) => k.slotOfRank[k.keys[i]! % RANK_SPAN]!;

/** The first index whose key is ≥ `key` (`strict`: > `key`). */
export function search(keys: Float64Array, key: number, strict: boolean): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key || (strict && keys[mid]! === key)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
