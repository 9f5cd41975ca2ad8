import { RANK_SPAN } from './sorted-keys.ts';
import type { Standings } from './standings.ts';

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
 * sort is tens of milliseconds of work, which held at once would keep every request that comes meanwhile
 * waiting. The passes serve pages until it is done.
 */
export function sortSoon(s: Standings): void {
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
  s.spareTotals ??= new Float64Array(n);
  s.earlier = undefined;
}
