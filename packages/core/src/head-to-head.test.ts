import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bandGoals,
  H2hSettingsSchema,
  h2hTable,
  matchGoals,
  matchOutcome,
  type PlayedFixture,
  roundPairing,
  roundRobinCycle,
  roundsPerCycle,
  suggestBands,
} from './head-to-head.ts';

const countArb = fc.integer({ min: 2, max: 20 });
const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

describe('round robin (circle method)', () => {
  it('every pair meets exactly once a cycle; each seat plays at most once a round', () => {
    fc.assert(
      fc.property(countArb, (n) => {
        const cycle = roundRobinCycle(n);
        expect(cycle).toHaveLength(roundsPerCycle(n));
        const met = new Map<string, number>();
        for (const round of cycle) {
          const seen = new Set<number>();
          for (const [h, a] of round.pairs) {
            expect(h).not.toBe(a);
            for (const s of [h, a]) {
              expect(s).toBeGreaterThanOrEqual(0);
              expect(s).toBeLessThan(n);
              expect(seen.has(s)).toBe(false);
              seen.add(s);
            }
            met.set(key(h, a), (met.get(key(h, a)) ?? 0) + 1);
          }
          if (round.rest !== null) {
            expect(seen.has(round.rest)).toBe(false);
            seen.add(round.rest);
          }
          // everyone plays or rests every round
          expect(seen.size).toBe(n);
        }
        expect(met.size).toBe((n * (n - 1)) / 2);
        expect([...met.values()].every((v) => v === 1)).toBe(true);
      }),
    );
  });

  it('odd counts: one seat rests each round, each seat exactly once a cycle; even counts: nobody rests', () => {
    fc.assert(
      fc.property(countArb, (n) => {
        const rests = roundRobinCycle(n).map((r) => r.rest);
        if (n % 2 === 0) expect(rests.every((r) => r === null)).toBe(true);
        else expect([...rests].sort((a, b) => a! - b!)).toEqual(Array.from({ length: n }, (_, i) => i));
      }),
    );
  });

  it('home and away are balanced within a cycle and swapped in the next one', () => {
    fc.assert(
      fc.property(countArb, (n) => {
        const per = roundsPerCycle(n);
        const home = new Array<number>(n).fill(0);
        for (let r = 0; r < per; r++) for (const [h] of roundPairing(n, r).pairs) home[h]!++;
        const games = n % 2 === 0 ? n - 1 : n - 1;
        for (const h of home) expect(Math.abs(h - games / 2)).toBeLessThanOrEqual(1);
        for (let r = 0; r < per; r++) {
          const first = roundPairing(n, r);
          const second = roundPairing(n, r + per);
          const third = roundPairing(n, r + 2 * per);
          expect(second.pairs).toEqual(first.pairs.map(([h, a]) => [a, h]));
          expect(second.rest).toBe(first.rest);
          expect(third).toEqual(first);
        }
      }),
    );
  });

  it('four members: three rounds, the known schedule', () => {
    expect(roundRobinCycle(4).map((r) => r.pairs)).toEqual([
      [
        [0, 3],
        [1, 2],
      ],
      [
        [1, 0],
        [2, 3],
      ],
      [
        [0, 2],
        [3, 1],
      ],
    ]);
    expect(roundRobinCycle(3)).toEqual([
      { pairs: [[1, 2]], rest: 0 },
      { pairs: [[1, 0]], rest: 2 },
      { pairs: [[0, 2]], rest: 1 },
    ]);
    expect(roundRobinCycle(1)).toEqual([]);
  });
});

describe('goals', () => {
  it('bands: none below T, then one more every S points, T and each step included', () => {
    expect(bandGoals(65.99, 66, 6)).toBe(0);
    expect(bandGoals(66, 66, 6)).toBe(1);
    expect(bandGoals(71.99, 66, 6)).toBe(1);
    expect(bandGoals(72, 66, 6)).toBe(2);
    expect(bandGoals(78, 66, 6)).toBe(3);
    expect(bandGoals(-12.5, 66, 6)).toBe(0);
    // cents, not binary fractions: 0.1 + 0.2 reaches a band at 0.3
    expect(bandGoals(0.1 + 0.2, 0.1, 0.2)).toBe(2);
  });

  it('bands: goals never fall as points rise, and each S points add exactly one', () => {
    const cents = fc.integer({ min: -5000, max: 50_000 });
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.integer({ min: 100, max: 10_000 }),
        fc.integer({ min: 100, max: 2000 }),
        (a, b, t, s) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(bandGoals(lo / 100, t / 100, s / 100)).toBeLessThanOrEqual(
            bandGoals(hi / 100, t / 100, s / 100),
          );
          if (hi >= t)
            expect(bandGoals((hi + s) / 100, t / 100, s / 100)).toBe(
              bandGoals(hi / 100, t / 100, s / 100) + 1,
            );
        },
      ),
    );
  });

  it('plain points: more points wins 1–0, within a tenth is a 0–0 draw', () => {
    const rule = { rule: 'points', bandStart: 1, bandStep: 1 } as const;
    expect(matchGoals(70.1, 70, rule)).toEqual({ homeGoals: 1, awayGoals: 0 });
    expect(matchGoals(70.09, 70, rule)).toEqual({ homeGoals: 0, awayGoals: 0 });
    expect(matchGoals(70, 70.09, rule)).toEqual({ homeGoals: 0, awayGoals: 0 });
    expect(matchGoals(50, 70.09, rule)).toEqual({ homeGoals: 0, awayGoals: 1 });
    expect(matchOutcome(matchGoals(3, 3, rule))).toBe('draw');
    const bands = { rule: 'bands', bandStart: 66, bandStep: 6 } as const;
    // both below T: a draw, whatever the points (the Fantacalcio way)
    expect(matchGoals(40, 65, bands)).toEqual({ homeGoals: 0, awayGoals: 0 });
    expect(matchOutcome(matchGoals(80, 66, bands))).toBe('home');
  });

  it('the settings refuse T or S out of range in Italian', () => {
    const bad = H2hSettingsSchema.safeParse({ rule: 'bands', bandStart: 0, bandStep: 6 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^La soglia del primo gol \(T\) deve essere tra 1 e/);
    const step = H2hSettingsSchema.safeParse({ rule: 'bands', bandStart: 66, bandStep: 5000 });
    expect(step.error?.issues[0]?.message).toMatch(/^L'ampiezza di una fascia \(S\)/);
    expect(H2hSettingsSchema.safeParse({ rule: 'bands', bandStart: 66.123, bandStep: 6 }).success).toBe(
      false,
    );
    expect(H2hSettingsSchema.safeParse({ rule: 'points', bandStart: 66.5, bandStep: 6 }).success).toBe(true);
  });

  it('suggests T at the median week and S from its middle half', () => {
    expect(suggestBands({ p25: 40, median: 55.4, p75: 70 })).toEqual({ bandStart: 55, bandStep: 15 });
    expect(suggestBands({ p25: 0, median: 0, p75: 0 })).toEqual({ bandStart: 1, bandStep: 1 });
    expect(suggestBands(null)).toEqual({ bandStart: 60, bandStep: 10 });
  });
});

describe('the table', () => {
  const m = (id: string) => ({ userId: id, username: id });
  const f = (h: string, a: string, hp: number, ap: number, hg: number, ag: number): PlayedFixture => ({
    homeUserId: h,
    awayUserId: a,
    homePoints: hp,
    awayPoints: ap,
    homeGoals: hg,
    awayGoals: ag,
  });

  it('counts 3/1/0, goals and fantasy points', () => {
    const rows = h2hTable(
      [m('anna'), m('bruno'), m('carla')],
      [
        f('anna', 'bruno', 80.5, 60, 3, 1),
        f('bruno', 'carla', 70, 70, 1, 1),
        f('carla', 'anna', 50, 90.25, 0, 2),
      ],
    );
    expect(rows.map((r) => [r.username, r.points, r.played, r.won, r.drawn, r.lost])).toEqual([
      ['anna', 6, 2, 2, 0, 0],
      ['bruno', 1, 2, 0, 1, 1],
      ['carla', 1, 2, 0, 1, 1],
    ]);
    expect(rows[0]).toMatchObject({ goalsFor: 5, goalsAgainst: 1, fantasyPoints: 170.75, position: 1 });
    // bruno and carla: level on points; bruno has more fantasy points (130 vs 120)
    expect(rows[1]).toMatchObject({ fantasyPoints: 130, goalsFor: 2, goalsAgainst: 4, position: 2 });
  });

  it('breaks ties by points, fantasy points, goal difference, head-to-head, then name', () => {
    // all level on points (3) and fantasy points (150); zoe beat adam, both with difference 0
    const fixtures = [
      f('zoe', 'adam', 80, 70, 2, 1),
      f('adam', 'x', 80, 70, 2, 1),
      f('x', 'zoe', 80, 70, 2, 1),
    ];
    const rows = h2hTable([m('adam'), m('x'), m('zoe')], fixtures);
    expect(rows.map((r) => r.points)).toEqual([3, 3, 3]);
    // a three-way circle: head-to-head level too, so name decides
    expect(rows.map((r) => r.username)).toEqual(['adam', 'x', 'zoe']);

    const two = h2hTable(
      [m('adam'), m('zoe')],
      [f('zoe', 'adam', 75, 75, 1, 0), f('adam', 'zoe', 75, 75, 1, 0)],
    );
    expect(two.map((r) => r.username)).toEqual(['adam', 'zoe']);

    // goal difference before head-to-head: level on points and fantasy points
    const gd = h2hTable(
      [m('adam'), m('bea'), m('zoe'), m('ugo')],
      [
        f('zoe', 'adam', 70, 70, 1, 0), // zoe beats adam head-to-head
        f('adam', 'ugo', 50, 10, 4, 0), // adam's difference +3, zoe's 0
        f('zoe', 'bea', 50, 90, 0, 1),
        f('bea', 'ugo', 10, 10, 0, 0),
      ],
    );
    const adam = gd.find((r) => r.username === 'adam')!;
    const zoe = gd.find((r) => r.username === 'zoe')!;
    expect([adam.points, adam.fantasyPoints]).toEqual([zoe.points, zoe.fantasyPoints]);
    expect(adam.position).toBeLessThan(zoe.position);

    // head-to-head before name: level on all three
    const h2h = h2hTable(
      [m('adam'), m('zoe'), m('ugo')],
      [f('zoe', 'adam', 60, 60, 1, 0), f('adam', 'ugo', 60, 50, 1, 0), f('ugo', 'zoe', 50, 60, 1, 0)],
    );
    const order = h2h.map((r) => r.username);
    const level = (r: (typeof h2h)[number]) => [r.points, r.fantasyPoints, r.goalsFor - r.goalsAgainst];
    expect(level(h2h.find((r) => r.username === 'zoe')!)).toEqual(
      level(h2h.find((r) => r.username === 'adam')!),
    );
    expect(order).toEqual(['zoe', 'adam', 'ugo']);
    expect(order.indexOf('zoe')).toBeLessThan(order.indexOf('adam'));
  });

  it('positions are 1..n and the order is total for any results', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const fixtureArb = fc
      .record({
        h: fc.constantFrom(...ids),
        a: fc.constantFrom(...ids),
        hp: fc.integer({ min: 0, max: 100 }),
        ap: fc.integer({ min: 0, max: 100 }),
        hg: fc.integer({ min: 0, max: 4 }),
        ag: fc.integer({ min: 0, max: 4 }),
      })
      .filter((x) => x.h !== x.a)
      .map((x) => f(x.h, x.a, x.hp, x.ap, x.hg, x.ag));
    fc.assert(
      fc.property(fc.array(fixtureArb, { maxLength: 30 }), (fixtures) => {
        const rows = h2hTable(ids.map(m), fixtures);
        expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
        for (let i = 1; i < rows.length; i++)
          expect(rows[i - 1]!.points).toBeGreaterThanOrEqual(rows[i]!.points);
        const played = rows.reduce((s, r) => s + r.played, 0);
        expect(played).toBe(fixtures.length * 2);
        expect(rows.reduce((s, r) => s + r.won, 0)).toBe(rows.reduce((s, r) => s + r.lost, 0));
        // the input order of the members does not matter
        expect(h2hTable([...ids].reverse().map(m), fixtures)).toEqual(rows);
      }),
    );
  });
});
