import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyInTurns,
  applyPacked,
  bitmapOf,
  buildSeqIndex,
  PACKED_GROUPED,
  packChanges,
} from '../points/index.ts';
import { copyOfTotals, patchedStandings, previewOf } from './patch-standings.ts';
import { ranksBySeq } from './read-standings.ts';
import { RosterIds } from './roster-ids.ts';
import { sortStandings } from './sort-standings.ts';
import type { OrderKey, Standings } from './standings.ts';
import { bandAbove, bandPage } from './standings-bands.ts';
import { pageAfter, positionOf, restrictedOrder } from './standings-pages.ts';

/** The id of a slot's roster. */
const idOf = (slot: number) => `00000000-0000-4000-8000-${String(slot).padStart(12, '0')}`;

/**
 * Standings of `totals` (cents) by slot; `ranks`: each slot's place in the username order (by default the
 * slot itself); `sorted`: with keys.
 */
function standingsOf(totals: number[], sorted = false, ranks?: number[]): Standings {
  const ids = totals.map((_, slot) => idOf(slot));
  const s: Standings = {
    version: '1|0|0|0',
    parts: { participants: '1', newest: '0', ledgerId: 0, adjustmentId: 0 },
    ids: new RosterIds(ids),
    cents: Float64Array.from(totals),
    rank: Int32Array.from(ranks ?? totals.map((_, slot) => slot)),
    seqs: buildSeqIndex(Float64Array.from(ids, (_, slot) => 1000 + slot)),
  };
  if (sorted) sortStandings(s);
  return s;
}

/** The reference: sort everything (total descending, then name rank), competition ranks. */
function reference(totals: number[], ranks: number[]) {
  const order = totals
    .map((_, slot) => slot)
    .sort((a, b) => totals[b]! - totals[a]! || ranks[a]! - ranks[b]!);
  const positions = order.map((slot) => 1 + totals.filter((t) => t > totals[slot]!).length);
  return { order, positions };
}

const totalsArb = fc.array(
  fc.integer({ min: 0, max: 8 }).map((n) => n * 50),
  { minLength: 0, maxLength: 120 },
);
/** totals and a name order that is not the slot order (slots follow the roster numbers) */
const leagueArb = totalsArb.chain((totals) =>
  fc
    .shuffledSubarray(
      totals.map((_, slot) => slot),
      { minLength: totals.length, maxLength: totals.length },
    )
    .map((ranks) => ({ totals, ranks })),
);

describe.each([
  ['one pass each', false],
  ['sorted keys', true],
])('standings pages (%s)', (_mode, sorted) => {
  it('following the pages from the top lists every roster once, in order, with competition ranks', () => {
    fc.assert(
      fc.property(leagueArb, fc.integer({ min: 1, max: 17 }), ({ totals, ranks }, limit) => {
        const s = standingsOf(totals, sorted, ranks);
        if (sorted) expect(s.sorted).toBeTruthy();
        const ref = reference(totals, ranks);
        const seen: number[] = [];
        const positions: number[] = [];
        let after: OrderKey | null = null;
        for (;;) {
          const page = pageAfter(s, after, limit);
          expect(page.start).toBe(seen.length);
          seen.push(...page.slots);
          positions.push(...page.positions);
          if (!page.more) break;
          const last = page.slots.at(-1)!;
          after = { cents: s.cents[last]!, rank: s.rank[last]! };
        }
        expect(seen).toEqual(ref.order);
        expect(positions).toEqual(ref.positions);
        for (const slot of ref.order) {
          expect(positionOf(s, totals[slot]!)).toBe(ref.positions[ref.order.indexOf(slot)]);
        }
      }),
    );
  });

  it("counts the rosters above a viewer's total in the page's own pass", () => {
    fc.assert(
      fc.property(leagueArb, fc.integer({ min: 0, max: 9 }), ({ totals, ranks }, k) => {
        const s = standingsOf(totals, sorted, ranks);
        const mark = k * 50 - 25;
        const page = pageAfter(s, null, 5, mark);
        // counted when the pass ran; the sorted keys find it by a binary search instead
        if (!sorted) expect(page.above).toBe(totals.filter((t) => t > mark).length);
        expect(positionOf(s, mark)).toBe(totals.filter((t) => t > mark).length + 1);
      }),
    );
  });

  it('a cursor whose roster moved or left still starts the page after its key', () => {
    const s = standingsOf([300, 200, 200, 100, 0], sorted);
    // a key between slot 1 and slot 2 at 200 (a roster that left, sorted between them by name)
    const page = pageAfter(s, { cents: 200, rank: 1.5 }, 2);
    expect(page).toMatchObject({ start: 2, slots: [2, 3], positions: [2, 4], more: true });
    // a cursor total above or below every roster
    expect(pageAfter(s, { cents: 10_000, rank: 3 }, 1)).toMatchObject({ start: 0, slots: [0] });
    expect(pageAfter(s, { cents: -5, rank: 0 }, 1)).toMatchObject({ start: 5, slots: [], more: false });
    expect([positionOf(s, 10_000), positionOf(s, 200), positionOf(s, 150), positionOf(s, -1)]).toEqual([
      1, 2, 4, 6,
    ]);
  });

  it('restricted to some members, keeps the order and ranks them among themselves', () => {
    const s = standingsOf([300, 200, 200, 100, 0]);
    expect(restrictedOrder(s, [idOf(4), idOf(2), idOf(1)])).toEqual({
      ids: [idOf(1), idOf(2), idOf(4)],
      totals: [2, 2, 0],
      positions: [1, 1, 3],
    });
    // equal totals follow the name order, not the slots
    const named = standingsOf([300, 200, 200, 100, 0], sorted, [4, 3, 0, 2, 1]);
    expect(restrictedOrder(named, [idOf(4), idOf(2), idOf(1)]).ids).toEqual([idOf(2), idOf(1), idOf(4)]);
  });
});

/** A packed event as points-log.ts writes it: the format, then per delta (cents, count, numbers). */
function pack(groups: [number, number[]][]): Uint8Array {
  const words = [PACKED_GROUPED, ...groups.flatMap(([cents, seqs]) => [cents, seqs.length, ...seqs])];
  const view = new DataView(new ArrayBuffer(words.length * 4));
  for (const [i, w] of words.entries()) view.setInt32(i * 4, w);
  return new Uint8Array(view.buffer);
}

describe.each([
  ['as they come', undefined],
  ['by blocks of roster numbers', 0],
])('packed changes (%s)', (_mode, blocksFrom) => {
  it('add each delta to the rosters it names, through dense or spread-out roster numbers', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -50_000, max: 50_000 }), { minLength: 1, maxLength: 60 }),
        fc.boolean(),
        fc.array(fc.tuple(fc.integer({ min: -3000, max: 3000 }), fc.array(fc.nat(), { maxLength: 20 })), {
          maxLength: 8,
        }),
        (totals, spread, groups) => {
          // numbers from one sequence shared by every league: dense, or far apart (a Map)
          const seqs = Float64Array.from(totals, (_, slot) => (spread ? 7 + slot * 100_003 : 500 + slot));
          const index = buildSeqIndex(seqs);
          expect(index.kind).toBe(spread && totals.length > 1 ? 'map' : 'array');
          const named = groups.map(([cents, slots]) => [cents, slots.map((k) => k % totals.length)] as const);
          const cents = Float64Array.from(totals);
          const expected = [...totals];
          for (const [delta, slots] of named) for (const slot of slots) expected[slot]! += delta;
          const event = pack(named.map(([delta, slots]) => [delta, slots.map((slot) => seqs[slot]!)]));
          expect(applyPacked(event, index, cents, blocksFrom)).toBe(true);
          expect([...cents]).toEqual(expected);
        },
      ),
    );
  });

  it('refuse an event of another format, a cut one, or one naming a roster they do not know', () => {
    const index = buildSeqIndex(Float64Array.from([10, 11, 12]));
    const cents = () => new Float64Array(3);
    expect(applyPacked(pack([[150, [10, 12]]]), index, cents(), blocksFrom)).toBe(true);
    const other = pack([[150, [10]]]);
    new DataView(other.buffer).setInt32(0, 1);
    expect(applyPacked(other, index, cents(), blocksFrom)).toBe(false);
    expect(applyPacked(pack([[150, [10, 12]]]).subarray(0, 16), index, cents(), blocksFrom)).toBe(false);
    expect(applyPacked(pack([[150, [13]]]), index, cents(), blocksFrom)).toBe(false);
    expect(applyPacked(pack([[150, [9]]]), index, cents(), blocksFrom)).toBe(false);
    expect(applyPacked(new Uint8Array(0), index, cents(), blocksFrom)).toBe(false);
  });
});

describe('a large packed event', () => {
  it('gives the same totals by blocks of roster numbers as taken as it comes', () => {
    // 70,000 rosters over five blocks of numbers, some numbers belonging to other leagues
    const seqs = Float64Array.from({ length: 70_000 }, (_, slot) => 40 + slot + Math.floor(slot / 7));
    const index = buildSeqIndex(seqs);
    expect(index.kind).toBe('array');
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const groups: [number, number[]][] = Array.from({ length: 300 }, () => [
      next(4001) - 2000,
      Array.from({ length: 150 + next(150) }, () => seqs[next(seqs.length)]!),
    ]);
    const event = pack(groups);
    const totals = Float64Array.from(seqs, () => next(100_000));
    const byBlocks = totals.slice();
    const asTheyCome = totals.slice();
    expect(applyPacked(event, index, byBlocks, 0)).toBe(true);
    expect(applyPacked(event, index, asTheyCome, Number.POSITIVE_INFINITY)).toBe(true);
    expect(byBlocks).toEqual(asTheyCome);
    expect(byBlocks).not.toEqual(totals);
    // a number past the league's last one, in the last group
    const stray = pack([...groups, [5, [seqs.at(-1)! + 1]]]);
    expect(applyPacked(stray, index, totals.slice(), 0)).toBe(false);
    // a number inside the league's range that is another league's (47: slots 6 and 7 are 46 and 48)
    expect(applyPacked(pack([[5, [46, 47, 48]]]), index, totals.slice(), 0)).toBe(false);
  });
});

describe('the slots of a league read by name', () => {
  it('are its name ranks in roster-number order, for small and huge numbers alike', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2 ** 40 }), { maxLength: 300 }),
        fc.boolean(),
        (numbers, small) => {
          const seqs = Float64Array.from(numbers, (n) => (small ? n % 2 ** 31 : n));
          fc.pre(new Set(seqs).size === seqs.length);
          const expected = Array.from(seqs.keys()).sort((a, b) => seqs[a]! - seqs[b]!);
          expect([...ranksBySeq(seqs)]).toEqual(expected);
        },
      ),
    );
  });
});

/** The largest rise and fall from `from`'s totals to `cents`, as exact bounds. */
function movesOf(from: Standings, cents: Float64Array) {
  const deltas = [...cents].map((c, slot) => c - from.cents[slot]!);
  return { rise: Math.max(0, ...deltas), fall: Math.max(0, ...deltas.map((d) => -d)) };
}

describe('the first page right after a patch', () => {
  /** the first `limit` of the reference order, with their positions */
  const firstOf = (totals: number[], ranks: number[], limit: number) => {
    const order = totals
      .map((_, slot) => slot)
      .sort((a, b) => totals[b]! - totals[a]! || ranks[a]! - ranks[b]!)
      .slice(0, limit);
    return {
      slots: order,
      positions: order.map((slot) => 1 + totals.filter((t) => t > totals[slot]!).length),
    };
  };

  it('is read from the earlier sorted order when few rosters can reach the top, through patches in a row', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 1200 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 400 }), fc.double({ min: 0.05, max: 0.9, noNaN: true })),
          {
            minLength: 1,
            maxLength: 3,
          },
        ),
        fc.integer({ min: 1, max: 2 ** 30 }),
        (n, limit, patches, seed0) => {
          let seed = seed0;
          const next = (m: number) => {
            seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
            return seed % m;
          };
          // totals spread over 0..200,000 cents in steps of 50 (ties), names in another order than slots
          const totals = Array.from({ length: n }, () => next(4001) * 50);
          const ranks = Array.from({ length: n }, (_, slot) => slot);
          for (let i = n - 1; i > 0; i--) {
            const j = next(i + 1);
            [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
          }
          let s = standingsOf(totals, true, ranks);
          for (const [spread, share] of patches) {
            const cents = s.cents.slice();
            for (let slot = 0; slot < n; slot++) {
              if (next(1000) < share * 1000)
                cents[slot] = cents[slot]! + (next(2 * spread + 1) - spread) * 50;
            }
            // the moves as the patch reads them from the events: bounds, here the exact ones or those
            // plus a margin
            const exact = movesOf(s, cents);
            const margin = next(3) === 0 ? 0 : next(2) * next(20_000);
            s = patchedStandings(s, cents, s.version, {
              rise: exact.rise + margin,
              fall: exact.fall + next(2) * margin,
            });
            expect(s.sorted).toBeUndefined();
            const expected = firstOf([...cents], ranks, limit);
            const band = s.earlier ? bandPage(s, s.earlier, limit) : null;
            if (band) expect({ slots: band.slots, positions: band.positions }).toEqual(expected);
            // and any total's position, counted from the earlier order's band or by the pass
            for (const at of [0, next(n), next(n), n - 1]) {
              const mark = cents[at]! + (next(3) - 1) * 25;
              const above = [...cents].filter((c) => c > mark).length;
              const band = s.earlier ? bandAbove(s, s.earlier, mark) : null;
              if (band !== null) expect(band).toBe(above);
              expect(positionOf(s, mark)).toBe(above + 1);
            }
            const page = pageAfter(s, null, limit);
            expect({ slots: page.slots, positions: page.positions, more: page.more }).toEqual({
              ...expected,
              more: n > limit,
            });
          }
        },
      ),
    );
  });

  it('takes only the band of rosters the rise can lift into the top', () => {
    // 1,000 rosters 100 cents apart; one of the top five rises to first, one far below by 5,000
    const totals = Array.from({ length: 1000 }, (_, slot) => 100_000 - slot * 100);
    const s = standingsOf(totals, true);
    const cents = s.cents.slice();
    cents[3] = cents[3]! + 450;
    cents[900] = cents[900]! + 5000;
    const after = patchedStandings(s, cents, '1|0|1|0', movesOf(s, cents));
    expect(after.earlier).toMatchObject({ rise: 5000, fall: 0 });
    const band = bandPage(after, after.earlier!, 5);
    expect(band?.slots).toEqual([3, 0, 1, 2, 4]);
    expect(band?.positions).toEqual([1, 2, 3, 4, 5]);
    // the sort drops the earlier order; a rise past most of the league leaves the page to the pass
    sortStandings(after);
    expect(after.earlier).toBeUndefined();
    cents[999] = cents[999]! + 90_000;
    expect(
      bandPage(
        patchedStandings(after, cents.slice(), '1|0|2|0', movesOf(after, cents)),
        { sorted: after.sorted!, rise: 90_000, fall: 0 },
        5,
      ),
    ).toBeNull();
  });
});

describe('ahead of the totals: bitmap events read, not yet applied', () => {
  /** the slot at index i of the standings' sorted order */
  const slotInOrder = (s: Standings, i: number) => s.sorted!.slotOfRank[s.sorted!.keys[i]! % 2 ** 21]!;

  /** seeded numbers 0..m-1 */
  function numbers(seed: number) {
    return (m: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * m);
    };
  }

  it('looks up every total, and gives the first page and positions of the applied standings', async () => {
    // how often the band answered (else the pages wait for the applied standings)
    let pages = 0;
    let positions = 0;
    for (let trial = 0; trial < 60; trial++) {
      const next = numbers(trial + 1);
      const n = 80 + next(2500);
      const limit = 1 + next(60);
      const ranks = Array.from({ length: n }, (_, slot) => slot);
      for (let i = n - 1; i > 0; i--) {
        const j = next(i + 1);
        [ranks[i], ranks[j]] = [ranks[j]!, ranks[i]!];
      }
      const totals = Array.from({ length: n }, () => next(4001) * 50);
      const s = standingsOf(totals, true, ranks);
      const cents = s.cents.slice();
      const bitmaps = [];
      for (let e = 1 + next(3); e > 0; e--) {
        // a share of the rosters moved by up to ±spread steps: more than 256 distinct deltas (two bytes an
        // index) when the spread is wide
        const share = [0.15, 0.4, 0.67, 1][next(4)]!;
        const spread = [1, 40, 400][next(3)]!;
        const moved: number[] = [];
        const deltas: number[] = [];
        for (let slot = 0; slot < n; slot++) {
          if (next(1000) >= share * 1000) continue;
          const delta = (next(2 * spread + 1) - spread) * 50 || 50;
          moved.push(s.seqs.numbers[slot]!);
          deltas.push(delta);
          cents[slot] = cents[slot]! + delta;
        }
        const b = moved.length > 0 ? bitmapOf(packChanges(moved, deltas)!) : null;
        if (b) bitmaps.push(b);
        else for (const [i, seq] of moved.entries()) cents[seq - 1000] = cents[seq - 1000]! - deltas[i]!;
      }
      if (bitmaps.length === 0) continue;
      const ahead = previewOf(s, '1|0|9|0', bitmaps)!;
      expect(ahead.from).toBe(s);
      for (let slot = 0; slot < n; slot++) expect(ahead.total(slot)).toBe(cents[slot]);
      // applied a few bytes a turn, the totals are the same
      const applied = s.cents.slice();
      for (const b of bitmaps) expect(await applyInTurns(b, s.seqs, applied, 1 + next(40))).toBe(true);
      expect([...applied]).toEqual([...cents]);
      for (let i = 0; i < n; i++) expect(ahead.totalAt(i)).toBe(cents[slotInOrder(s, i)]);
      const band = bandPage(s, ahead.earlier, limit, ahead.totalAt);
      if (band) {
        pages++;
        const order = Array.from({ length: n }, (_, slot) => slot)
          .sort((a, b) => cents[b]! - cents[a]! || ranks[a]! - ranks[b]!)
          .slice(0, limit);
        expect(band.slots).toEqual(order);
        expect(band.positions).toEqual(order.map((slot) => 1 + cents.filter((c) => c > cents[slot]!).length));
      }
      for (const at of [0, next(n), next(n), n - 1]) {
        const mark = cents[at]! + (next(3) - 1) * 25;
        const above = bandAbove(s, ahead.earlier, mark, ahead.totalAt);
        if (above !== null) {
          positions++;
          expect(above).toBe(cents.filter((c) => c > mark).length);
        }
      }
      // the standings looked at were not touched
      expect([...s.cents]).toEqual(totals);
    }
    expect(pages).toBeGreaterThan(10);
    expect(positions).toBeGreaterThan(40);
  });

  it('the next patch copies the totals into the array made after the sort, once, never into the totals read', () => {
    const s = standingsOf([300, 100, 200], true);
    const spareTotals = s.spareTotals!;
    expect(spareTotals).toHaveLength(3);
    const copy = copyOfTotals(s);
    expect(copy).toBe(spareTotals);
    expect(copy).not.toBe(s.cents);
    expect([...copy]).toEqual([300, 100, 200]);
    expect(s.spareTotals).toBeUndefined();
    // taken: the next copy is a new array; patched standings start without one
    const again = copyOfTotals(s);
    expect(again).not.toBe(spareTotals);
    expect([...again]).toEqual([300, 100, 200]);
    again[0] = 350;
    const next = patchedStandings(s, again, '1|0|1|0', { rise: 50, fall: 0 });
    expect(next.spareTotals).toBeUndefined();
    expect([...s.cents]).toEqual([300, 100, 200]);
  });

  it('is not made without an earlier sorted order to start from', () => {
    const s = standingsOf([100, 200, 300]);
    const b = bitmapOf(packChanges([1000, 1002], [50, -50])!)!;
    expect(previewOf(s, '1|0|1|0', [b])).toBeNull();
  });

  it('refuses a bitmap whose index names no delta, or whose bits and indexes disagree', () => {
    const good = packChanges([1000, 1001, 1003], [50, 100, 50])!;
    expect(bitmapOf(good)).not.toBeNull();
    const badIndex = good.slice();
    badIndex[badIndex.length - 1] = 2; // two deltas: index 2 names none
    expect(bitmapOf(badIndex)).toBeNull();
    expect(bitmapOf(good.subarray(0, good.length - 1))).toBeNull();
    const cents = new Float64Array(4);
    expect(applyPacked(badIndex, buildSeqIndex(Float64Array.from([1000, 1001, 1002, 1003])), cents)).toBe(
      false,
    );
  });
});

describe('the sorted order', () => {
  /** the slots in the order of the sorted keys */
  const sortedSlots = (s: Standings) =>
    Array.from(s.sorted!.keys, (key) => s.sorted!.slotOfRank[key % 2 ** 21]!);

  it('is the order of a comparison sort, whatever the span of the totals (one radix pass or three)', () => {
    fc.assert(
      fc.property(
        leagueArb,
        fc.constantFrom(1, 7, 2049, 1 << 20, (1 << 30) / 8),
        fc.integer({ min: -(2 ** 30), max: 2 ** 30 }),
        ({ totals, ranks }, scale, offset) => {
          const spread = totals.map((t) => offset + (t / 50) * scale);
          const s = standingsOf(spread, true, ranks);
          expect(sortedSlots(s)).toEqual(reference(spread, ranks).order);
        },
      ),
    );
  });

  it('is right for a league sorted in many steps, totals over 20 million points', () => {
    const n = 100_000;
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // a span just under 2^31 cents: three passes of the radix sort
    const totals = Array.from({ length: n }, () => Math.floor(random() * (2 ** 31 - 2)) - 2 ** 30);
    // many ties: a tenth of the rosters share a few totals
    for (let slot = 0; slot < n; slot += 10) totals[slot] = (slot % 3) * 1000;
    const ranks = Array.from({ length: n }, (_, slot) => (slot * 7_919) % n);
    const s = standingsOf(totals, true, ranks);
    const order = totals
      .map((_, slot) => slot)
      .sort((a, b) => totals[b]! - totals[a]! || ranks[a]! - ranks[b]!);
    const slots = sortedSlots(s);
    // where the orders first differ (-1: nowhere), rather than a diff of 100,000 numbers
    expect(slots.length).toBe(n);
    expect(order.findIndex((slot, i) => slots[i] !== slot)).toBe(-1);
  });
});
