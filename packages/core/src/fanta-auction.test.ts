import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './economy.ts';
import {
  checkBid,
  DEFAULT_FANTA_SQUAD,
  type FantaSquad,
  largestFittingSquad,
  type ManagerState,
  maxBid,
  maxManagersFor,
  nextTurn,
  releaseRefund,
  slotsLeft,
  squadShortfalls,
  squadSize,
} from './fanta-auction.ts';

const owned = (o: Partial<Record<Role, number>> = {}): Record<Role, number> => ({
  Top: 0,
  Jungle: 0,
  Mid: 0,
  ADC: 0,
  Support: 0,
  ...o,
});
const manager = (credits: number, o: Partial<Record<Role, number>> = {}): ManagerState => ({
  credits,
  owned: owned(o),
});
const LEC_POOL = { Top: 10, Jungle: 10, Mid: 10, ADC: 10, Support: 10 };

describe('the bid rules of a Lega Fanta', () => {
  it('keeps 1 credit for each slot still to fill after this one', () => {
    // 10 slots, 500 credits: this bid fills one, 9 remain at 1 credit each
    expect(maxBid(DEFAULT_FANTA_SQUAD, manager(500))).toBe(491);
    // the last slot may take every credit
    expect(maxBid(DEFAULT_FANTA_SQUAD, manager(37, { Top: 2, Jungle: 2, Mid: 2, ADC: 2, Support: 1 }))).toBe(
      37,
    );
    expect(maxBid(DEFAULT_FANTA_SQUAD, manager(5, { Top: 2, Jungle: 2, Mid: 2, ADC: 2, Support: 2 }))).toBe(
      0,
    );
    expect(slotsLeft(DEFAULT_FANTA_SQUAD, owned({ Top: 2, Mid: 1 }))).toBe(7);
  });

  it('refuses a role already full, a bid not higher than the current one, a bid over the maximum', () => {
    const m = manager(20, { Top: 2 });
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Top', bid: 5, currentBid: 1 })?.code).toBe('ROLE_FULL');
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Mid', bid: 3, currentBid: 3 })?.code).toBe(
      'BID_TOO_LOW',
    );
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Mid', bid: 2, currentBid: 3 })?.message).toBe(
      'L’offerta deve superare quella attuale (3 crediti)',
    );
    // 8 slots left: 20 − 7 = 13
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Mid', bid: 14, currentBid: 3 })).toMatchObject({
      code: 'BID_OVER_MAX',
      max: 13,
    });
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Mid', bid: 13, currentBid: 3 })).toBeNull();
    // an opening bid: the lot stands at 0
    expect(checkBid(DEFAULT_FANTA_SQUAD, m, { role: 'Mid', bid: 1, currentBid: 0 })).toBeNull();
  });

  it('never lets an accepted bid leave a manager unable to fill his squad at 1 credit a player', () => {
    const squadArb = fc.record({
      Top: fc.integer({ min: 0, max: 5 }),
      Jungle: fc.integer({ min: 0, max: 5 }),
      Mid: fc.integer({ min: 0, max: 5 }),
      ADC: fc.integer({ min: 0, max: 5 }),
      Support: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(
        squadArb,
        fc.array(fc.constantFrom(...ROLES), { maxLength: 25 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.constantFrom(...ROLES),
        fc.integer({ min: 1, max: 1200 }),
        (squad: FantaSquad, roles, credits, role, bid) => {
          const o = owned();
          for (const r of roles) if (o[r] < squad[r]) o[r]++;
          const m = { credits, owned: o };
          // a reachable state: enough credits for the slots left
          fc.pre(credits >= slotsLeft(squad, o));
          const refusal = checkBid(squad, m, { role, bid, currentBid: 0 });
          if (refusal) return;
          const after = { ...o, [role]: o[role] + 1 };
          expect(o[role]).toBeLessThan(squad[role]);
          expect(credits - bid).toBeGreaterThanOrEqual(slotsLeft(squad, after));
          expect(credits - bid).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('gives back half the price on a release, rounded down', () => {
    expect(releaseRefund(1)).toBe(0);
    expect(releaseRefund(7)).toBe(3);
    expect(releaseRefund(40)).toBe(20);
  });
});

describe('the squad against the pool', () => {
  it('2 a role allows at most 5 managers in an LEC of 10 players a role', () => {
    expect(squadSize(DEFAULT_FANTA_SQUAD)).toBe(10);
    expect(maxManagersFor(DEFAULT_FANTA_SQUAD, LEC_POOL)).toBe(5);
    expect(squadShortfalls(DEFAULT_FANTA_SQUAD, LEC_POOL, 5)).toEqual([]);
    expect(squadShortfalls(DEFAULT_FANTA_SQUAD, { ...LEC_POOL, Support: 9 }, 5)).toEqual([
      { role: 'Support', need: 10, pool: 9 },
    ]);
    expect(squadShortfalls(DEFAULT_FANTA_SQUAD, LEC_POOL, 6).map((s) => s.role)).toEqual(ROLES);
  });

  it('proposes the largest squad that fits, which then has no shortfall', () => {
    expect(largestFittingSquad(LEC_POOL, 6)).toEqual({ Top: 1, Jungle: 1, Mid: 1, ADC: 1, Support: 1 });
    expect(largestFittingSquad({ ...LEC_POOL, Mid: 14 }, 3)).toEqual({
      Top: 3,
      Jungle: 3,
      Mid: 4,
      ADC: 3,
      Support: 3,
    });
    fc.assert(
      fc.property(
        fc.record({
          Top: fc.nat(40),
          Jungle: fc.nat(40),
          Mid: fc.nat(40),
          ADC: fc.nat(40),
          Support: fc.nat(40),
        }),
        fc.integer({ min: 2, max: 16 }),
        (pool, managers) => {
          const squad = largestFittingSquad(pool, managers);
          expect(squadShortfalls(squad, pool, managers)).toEqual([]);
          // one more in any role (under the cap) would not fit
          for (const role of ROLES)
            if (squad[role] < 5)
              expect(squadShortfalls({ ...squad, [role]: squad[role] + 1 }, pool, managers)).not.toEqual([]);
        },
      ),
    );
  });
});

describe('the call order', () => {
  const order = [
    { userId: 'a', full: false },
    { userId: 'b', full: true },
    { userId: 'c', full: false },
  ];
  it('goes round, skipping managers whose squad is full; null when all are', () => {
    expect(nextTurn(order, null)).toBe('a');
    expect(nextTurn(order, 'a')).toBe('c');
    expect(nextTurn(order, 'c')).toBe('a');
    expect(nextTurn([{ userId: 'a', full: false }], 'a')).toBe('a');
    expect(
      nextTurn(
        order.map((m) => ({ ...m, full: true })),
        'a',
      ),
    ).toBeNull();
  });
});
