import { aboveIn, RANK_SPAN, slotAtIndex } from './sorted-keys.ts';
import type { EarlierOrder, PageSlice, Standings } from './standings.ts';

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
  /** index in the earlier order → its roster's total (cents): the standings' own, or ahead of them (`StandingsPreview`) */
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
