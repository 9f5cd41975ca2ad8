import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
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
    prefixes: null,
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
