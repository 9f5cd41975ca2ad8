import { describe, expect, it } from 'vitest';
import { SEED_CHAMPIONS, type SeedRole } from './champions.ts';
import { SEED_PLAYERS } from './players.ts';

const ROLES: readonly SeedRole[] = ['Top', 'Jungle', 'Mid', 'ADC', 'Support'];

const TEAMS_BY_REGION: Record<string, readonly string[]> = {
  KR: [
    'Gen.G',
    'T1',
    'Hanwha Life Esports',
    'KT Rolster',
    'Dplus KIA',
    'BNK FEARX',
    'Nongshim RedForce',
    'DN Freecs',
    'DRX',
    'OKSavingsBank BRION',
  ],
  EU: [
    'G2 Esports',
    'Fnatic',
    'Karmine Corp',
    'Movistar KOI',
    'Team BDS',
    'GIANTX',
    'SK Gaming',
    'Team Heretics',
    'Team Vitality',
    'Natus Vincere',
  ],
  NA: [
    'Cloud9',
    'Team Liquid',
    'FlyQuest',
    '100 Thieves',
    'Dignitas',
    'Shopify Rebellion',
    'Disguised',
    'LYON',
  ],
};

const ALL_TEAMS = Object.values(TEAMS_BY_REGION).flat();

describe('SEED_CHAMPIONS', () => {
  it('has at least 165 champions', () => {
    expect(SEED_CHAMPIONS.length).toBeGreaterThanOrEqual(165);
  });

  it('has unique names', () => {
    const names = SEED_CHAMPIONS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('is sorted by name', () => {
    for (let i = 1; i < SEED_CHAMPIONS.length; i++) {
      const prev = SEED_CHAMPIONS[i - 1]!.name;
      const curr = SEED_CHAMPIONS[i]!.name;
      expect(prev < curr, `${prev} should come before ${curr}`).toBe(true);
    }
  });

  it('gives every champion 1-3 distinct valid roles and a tier 1-6', () => {
    for (const c of SEED_CHAMPIONS) {
      expect(c.name.trim()).toBe(c.name);
      expect(c.name.length).toBeGreaterThan(0);
      expect(c.roles.length, c.name).toBeGreaterThanOrEqual(1);
      expect(c.roles.length, c.name).toBeLessThanOrEqual(3);
      expect(new Set(c.roles).size, c.name).toBe(c.roles.length);
      for (const r of c.roles) expect(ROLES, c.name).toContain(r);
      expect(Number.isInteger(c.tier), c.name).toBe(true);
      expect(c.tier, c.name).toBeGreaterThanOrEqual(1);
      expect(c.tier, c.name).toBeLessThanOrEqual(6);
    }
  });

  it('includes the newest champions', () => {
    const names = new Set(SEED_CHAMPIONS.map((c) => c.name));
    for (const n of ['Ambessa', 'Mel', 'Yunara', "K'Sante", 'Nunu & Willump', 'Renata Glasc']) {
      expect(names.has(n), n).toBe(true);
    }
  });

  it('uses tier 6 (Premium) only for a small handful', () => {
    const premium = SEED_CHAMPIONS.filter((c) => c.tier === 6).length;
    expect(premium).toBeGreaterThanOrEqual(1);
    expect(premium).toBeLessThanOrEqual(10);
  });
});

describe('SEED_PLAYERS', () => {
  it('covers exactly the listed teams', () => {
    const teams = new Set(SEED_PLAYERS.map((p) => p.team));
    expect([...teams].sort()).toEqual([...ALL_TEAMS].sort());
    expect(SEED_PLAYERS.length).toBe(ALL_TEAMS.length * 5);
  });

  it('has exactly 5 players per team, one per role, in the right region', () => {
    for (const [region, teams] of Object.entries(TEAMS_BY_REGION)) {
      for (const team of teams) {
        const roster = SEED_PLAYERS.filter((p) => p.team === team);
        expect(roster.length, team).toBe(5);
        expect([...roster.map((p) => p.role)].sort(), team).toEqual([...ROLES].sort());
        for (const p of roster) expect(p.region, `${p.name} (${team})`).toBe(region);
      }
    }
  });

  it('has unique player names', () => {
    const names = SEED_PLAYERS.map((p) => p.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it('has tier equal to cost, between 1 and 5', () => {
    for (const p of SEED_PLAYERS) {
      expect(p.name.trim().length, p.team).toBeGreaterThan(0);
      expect(p.cost, p.name).toBe(p.tier);
      expect(Number.isInteger(p.tier), p.name).toBe(true);
      expect(p.tier, p.name).toBeGreaterThanOrEqual(1);
      expect(p.tier, p.name).toBeLessThanOrEqual(5);
    }
  });
});
