import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PACKED_FORMAT } from './points-log.ts';
import {
  applyPacked,
  buildSeqIndex,
  type OrderKey,
  pageAfter,
  positionOf,
  restrictedOrder,
  type Standings,
  sortStandings,
} from './standings.ts';

/** Standings of `totals` (cents) by slot, the slots standing for the username order; `sorted`: with keys. */
function standingsOf(totals: number[], sorted = false): Standings {
  const ids = totals.map((_, slot) => `00000000-0000-4000-8000-${String(slot).padStart(12, '0')}`);
  const s: Standings = {
    version: '1|0|0|0',
    parts: { participants: '1', newest: '0', ledgerId: 0, adjustmentId: 0 },
    ids,
    cents: Float64Array.from(totals),
    slotOf: new Map(ids.map((id, slot) => [id, slot])),
    seqs: buildSeqIndex(Float64Array.from(ids, (_, slot) => 1000 + slot)),
  };
  if (sorted) sortStandings(s);
  return s;
}

/** The reference: sort everything, competition ranks. */
function reference(totals: number[]) {
  const order = totals.map((_, slot) => slot).sort((a, b) => totals[b]! - totals[a]! || a - b);
  const positions = order.map((slot) => 1 + totals.filter((t) => t > totals[slot]!).length);
  return { order, positions };
}

const totalsArb = fc.array(
  fc.integer({ min: 0, max: 8 }).map((n) => n * 50),
  { minLength: 0, maxLength: 120 },
);

describe.each([
  ['one pass each', false],
  ['sorted keys', true],
])('standings pages (%s)', (_mode, sorted) => {
  it('following the pages from the top lists every roster once, in order, with competition ranks', () => {
    fc.assert(
      fc.property(totalsArb, fc.integer({ min: 1, max: 17 }), (totals, limit) => {
        const s = standingsOf(totals, sorted);
        if (sorted) expect(s.sorted).toBeTruthy();
        const ref = reference(totals);
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
          after = { cents: s.cents[last]!, slot: last };
        }
        expect(seen).toEqual(ref.order);
        expect(positions).toEqual(ref.positions);
        for (const slot of ref.order) {
          expect(positionOf(s, totals[slot]!)).toBe(ref.positions[ref.order.indexOf(slot)]);
        }
      }),
    );
  });

  it('a cursor whose roster moved or left still starts the page after its key', () => {
    const s = standingsOf([300, 200, 200, 100, 0], sorted);
    // a key between slot 1 and slot 2 at 200 (a roster that left, sorted between them by name)
    const page = pageAfter(s, { cents: 200, slot: 1.5 }, 2);
    expect(page).toMatchObject({ start: 2, slots: [2, 3], positions: [2, 4], more: true });
    // a cursor total above or below every roster
    expect(pageAfter(s, { cents: 10_000, slot: 3 }, 1)).toMatchObject({ start: 0, slots: [0] });
    expect(pageAfter(s, { cents: -5, slot: 0 }, 1)).toMatchObject({ start: 5, slots: [], more: false });
    expect([positionOf(s, 10_000), positionOf(s, 200), positionOf(s, 150), positionOf(s, -1)]).toEqual([
      1, 2, 4, 6,
    ]);
  });

  it('restricted to some members, keeps the order and ranks them among themselves', () => {
    const s = standingsOf([300, 200, 200, 100, 0]);
    expect(restrictedOrder(s, [s.ids[4]!, s.ids[2]!, s.ids[1]!])).toEqual({
      ids: [s.ids[1], s.ids[2], s.ids[4]],
      totals: [2, 2, 0],
      positions: [1, 1, 3],
    });
  });
});

/** A packed event as points-log.ts writes it: the format, then per delta (cents, count, numbers). */
function pack(groups: [number, number[]][]): Uint8Array {
  const words = [PACKED_FORMAT, ...groups.flatMap(([cents, seqs]) => [cents, seqs.length, ...seqs])];
  const view = new DataView(new ArrayBuffer(words.length * 4));
  for (const [i, w] of words.entries()) view.setInt32(i * 4, w);
  return new Uint8Array(view.buffer);
}

describe('packed changes', () => {
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
          expect(applyPacked(event, index, cents)).toBe(true);
          expect([...cents]).toEqual(expected);
        },
      ),
    );
  });

  it('refuse an event of another format, a cut one, or one naming a roster they do not know', () => {
    const index = buildSeqIndex(Float64Array.from([10, 11, 12]));
    const cents = () => new Float64Array(3);
    expect(applyPacked(pack([[150, [10, 12]]]), index, cents())).toBe(true);
    const other = pack([[150, [10]]]);
    new DataView(other.buffer).setInt32(0, 1);
    expect(applyPacked(other, index, cents())).toBe(false);
    expect(applyPacked(pack([[150, [10, 12]]]).subarray(0, 16), index, cents())).toBe(false);
    expect(applyPacked(pack([[150, [13]]]), index, cents())).toBe(false);
    expect(applyPacked(pack([[150, [9]]]), index, cents())).toBe(false);
    expect(applyPacked(new Uint8Array(0), index, cents())).toBe(false);
  });
});
