import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Role } from './economy.ts';
import {
  adminRoleLabel,
  CHAMPION_TIERS,
  championCost,
  championRefund,
  championTierLabel,
  currencyFor,
  currencyLabel,
  INTERNATIONAL_LEAGUE_TYPES,
  isInternationalLeagueType,
  isLeagueType,
  isRegionalLeagueType,
  isRole,
  isRosterEligible,
  LEAGUE_STATUSES,
  LEAGUE_TYPES,
  missingRoles,
  PLAYER_TIERS,
  playerRefund,
  ROLES,
  ROSTER_LIMITS,
  roleLabel,
  startingBalance,
} from './economy.ts';

describe('league types and statuses', () => {
  it('lists the eight spec types with the last four international', () => {
    expect(LEAGUE_TYPES).toEqual([
      'LCK',
      'LPL',
      'LEC',
      'LTA North',
      'World Championship',
      'MSI',
      'First Stand',
      'International',
    ]);
    expect(INTERNATIONAL_LEAGUE_TYPES).toEqual(LEAGUE_TYPES.slice(4));
    expect(LEAGUE_STATUSES).toEqual(['Upcoming', 'Active', 'Completed']);
  });

  it('tells international from regional types', () => {
    expect(isInternationalLeagueType('MSI')).toBe(true);
    expect(isInternationalLeagueType('International')).toBe(true);
    expect(isInternationalLeagueType('LCK')).toBe(false);
    expect(isInternationalLeagueType('msi')).toBe(false);
    expect(isRegionalLeagueType('LTA North')).toBe(true);
    expect(isRegionalLeagueType('First Stand')).toBe(false);
    for (const type of LEAGUE_TYPES) {
      expect(isRegionalLeagueType(type)).toBe(!isInternationalLeagueType(type));
    }
  });

  it('recognises league types and roles exactly', () => {
    expect(isLeagueType('LEC')).toBe(true);
    expect(isLeagueType('LCS')).toBe(false);
    expect(isLeagueType(3)).toBe(false);
    expect(isRole('ADC')).toBe(true);
    expect(isRole('BOT')).toBe(false);
  });
});

describe('labels', () => {
  it('shows ADC as BOT and the other roles unchanged', () => {
    expect(ROLES.map(roleLabel)).toEqual(['Top', 'Jungle', 'Mid', 'BOT', 'Support']);
  });

  it('keeps ADC on the admin side (admin spec: Top, Jungle, Mid, ADC, Support)', () => {
    expect(ROLES.map(adminRoleLabel)).toEqual(['Top', 'Jungle', 'Mid', 'ADC', 'Support']);
  });

  it('labels tier 6 Premium', () => {
    expect(PLAYER_TIERS).toEqual([1, 2, 3, 4, 5]);
    expect(CHAMPION_TIERS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(championTierLabel(6)).toBe('Premium');
    expect(championTierLabel(1)).toBe('Tier 1');
    expect(championTierLabel(5)).toBe('Tier 5');
  });

  it('names the currencies as the UI writes them', () => {
    expect(currencyLabel('PandaCoin')).toBe('Panda Coin');
    expect(currencyLabel('BurroCoin')).toBe('Burro Coin');
    expect(currencyFor('player')).toBe('PandaCoin');
    expect(currencyFor('champion')).toBe('BurroCoin');
  });
});

describe('startingBalance', () => {
  it('gives 15 PC and 10 BC for international events', () => {
    for (const type of ['MSI', 'World Championship', 'First Stand', 'International'] as const) {
      expect(startingBalance(type)).toEqual({ pandaCoin: 15, burroCoin: 10 });
    }
  });

  it('gives 15 PC and 8 BC for regional leagues', () => {
    for (const type of ['LCK', 'LPL', 'LEC', 'LTA North'] as const) {
      expect(startingBalance(type)).toEqual({ pandaCoin: 15, burroCoin: 8 });
    }
  });
});

describe('championCost', () => {
  it('equals the tier for tiers 1–5 and 15 for Premium', () => {
    expect(CHAMPION_TIERS.map(championCost)).toEqual([1, 2, 3, 4, 5, 15]);
  });

  it('refuses tiers outside 1–6', () => {
    for (const tier of [0, 7, -1, 2.5, Number.NaN]) {
      expect(() => championCost(tier)).toThrow(RangeError);
    }
  });
});

describe('refunds', () => {
  it('refunds champions half the price rounded up (DECISIONS 3)', () => {
    // 1/2 = 0.5 → 1; 2/2 = 1; 3/2 = 1.5 → 2; 4/2 = 2; 5/2 = 2.5 → 3; 15/2 = 7.5 → 8
    expect([1, 2, 3, 4, 5, 15].map(championRefund)).toEqual([1, 1, 2, 2, 3, 8]);
  });

  it('refunds players the full price', () => {
    expect([1, 2, 3, 4, 5].map(playerRefund)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses negative or fractional costs', () => {
    expect(() => championRefund(-1)).toThrow(RangeError);
    expect(() => championRefund(1.5)).toThrow(RangeError);
    expect(() => playerRefund(-2)).toThrow(RangeError);
  });

  it('never refunds more than paid nor less than half (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (cost) => {
        const refund = championRefund(cost);
        expect(refund).toBeLessThanOrEqual(cost);
        expect(refund * 2).toBeGreaterThanOrEqual(cost);
        expect(refund * 2 - cost).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('a buy then sell of a champion never creates coins (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CHAMPION_TIERS), fc.integer({ min: 0, max: 100 }), (tier, balance) => {
        const cost = championCost(tier);
        fc.pre(balance >= cost);
        expect(balance - cost + championRefund(cost)).toBeLessThanOrEqual(balance);
      }),
    );
  });
});

describe('roster limits and eligibility', () => {
  it('allows 5 players and 8 champions', () => {
    expect(ROSTER_LIMITS).toEqual({ players: 5, champions: 8 });
  });

  it('needs one player in each role', () => {
    expect(isRosterEligible(['Top', 'Jungle', 'Mid', 'ADC', 'Support'])).toBe(true);
    expect(isRosterEligible(['Support', 'ADC', 'Mid', 'Jungle', 'Top'])).toBe(true);
    expect(isRosterEligible(['Top', 'Top', 'Mid', 'ADC', 'Support'])).toBe(false);
    expect(isRosterEligible([])).toBe(false);
  });

  it('lists the missing roles in role order', () => {
    expect(missingRoles(['Top', 'Top', 'Mid', 'ADC', 'Support'])).toEqual(['Jungle']);
    expect(missingRoles(['Support'])).toEqual(['Top', 'Jungle', 'Mid', 'ADC']);
    expect(missingRoles([])).toEqual([...ROLES]);
  });

  it('eligible exactly when nothing is missing (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<Role>(...ROLES), { maxLength: 8 }), (roles) => {
        const missing = missingRoles(roles);
        expect(isRosterEligible(roles)).toBe(missing.length === 0);
        for (const role of missing) expect(roles).not.toContain(role);
        for (const role of roles) expect(missing).not.toContain(role);
      }),
    );
  });
});
