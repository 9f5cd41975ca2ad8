import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RewardTierName } from './rewards.ts';
import { competitionRanks, REWARD_TIERS, rankLeaderboard, rewardTier, weeklyRewards } from './rewards.ts';

describe('REWARD_TIERS', () => {
  it('pays 7, 5, 4 and 3 Burro Coin', () => {
    expect(REWARD_TIERS.map(({ tier, amount }) => [tier, amount])).toEqual([
      ['Top 3', 7],
      ['Top 10', 5],
      ['Top Half', 4],
      ['Bottom Half', 3],
    ]);
    for (const tier of REWARD_TIERS) expect(tier.description.length).toBeGreaterThan(0);
  });
});

describe('rewardTier', () => {
  it('follows DECISIONS 18 for 30 rosters (half = 15)', () => {
    expect(rewardTier(1, 30)).toEqual({ tier: 'Top 3', amount: 7 });
    expect(rewardTier(3, 30)).toEqual({ tier: 'Top 3', amount: 7 });
    expect(rewardTier(4, 30)).toEqual({ tier: 'Top 10', amount: 5 });
    expect(rewardTier(10, 30)).toEqual({ tier: 'Top 10', amount: 5 });
    expect(rewardTier(11, 30)).toEqual({ tier: 'Top Half', amount: 4 });
    expect(rewardTier(15, 30)).toEqual({ tier: 'Top Half', amount: 4 });
    expect(rewardTier(16, 30)).toEqual({ tier: 'Bottom Half', amount: 3 });
    expect(rewardTier(30, 30)).toEqual({ tier: 'Bottom Half', amount: 3 });
  });

  it('rounds the half up for odd counts: 21 rosters → top half is 11', () => {
    expect(rewardTier(11, 21).tier).toBe('Top Half');
    expect(rewardTier(12, 21).tier).toBe('Bottom Half');
  });

  it('lets the earlier tiers win in small leagues', () => {
    expect(rewardTier(1, 1).tier).toBe('Top 3');
    // 4 rosters: half is 2, but position 4 is still within the Top 10
    expect(rewardTier(4, 4).tier).toBe('Top 10');
    expect(rewardTier(10, 12).tier).toBe('Top 10');
    // 12 rosters: half is 6, so 11 and 12 are Bottom Half
    expect(rewardTier(11, 12).tier).toBe('Bottom Half');
  });

  it('refuses positions below 1 or fractional', () => {
    expect(() => rewardTier(0, 10)).toThrow(RangeError);
    expect(() => rewardTier(1.5, 10)).toThrow(RangeError);
  });

  it('never pays more to a lower position (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), (n, p) => {
        fc.pre(p < n);
        expect(rewardTier(p + 1, n).amount).toBeLessThanOrEqual(rewardTier(p, n).amount);
      }),
    );
  });
});

describe('competitionRanks', () => {
  it('gives equal totals the same, better position (1, 2, 2, 4)', () => {
    expect(competitionRanks([10, 8, 8, 5])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([3, 3, 3])).toEqual([1, 1, 1]);
    expect(competitionRanks([])).toEqual([]);
    expect(competitionRanks([7])).toEqual([1]);
  });

  it('ties totals that differ only by float noise', () => {
    expect(competitionRanks([0.1 + 0.2, 0.3, 0.2])).toEqual([1, 1, 3]);
    // 0.01 apart after rounding is a real difference
    expect(competitionRanks([10.02, 10.01])).toEqual([1, 2]);
  });

  it('is standard competition ranking (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }).map((n) => n / 10)), (raw) => {
        const totals = [...raw].sort((a, b) => b - a);
        const ranks = competitionRanks(totals);
        totals.forEach((total, i) => {
          // position = 1 + number of strictly better totals
          expect(ranks[i]).toBe(1 + totals.filter((other) => other > total).length);
        });
      }),
    );
  });
});

describe('23 rosters with ties, against a hand-written table', () => {
  // n = 23, so the top half is ceil(23 / 2) = 12 positions.
  const table: [total: number, position: number, tier: RewardTierName, amount: number][] = [
    [120, 1, 'Top 3', 7],
    [110.5, 2, 'Top 3', 7],
    [110.5, 2, 'Top 3', 7],
    [100, 4, 'Top 10', 5],
    [99.9, 5, 'Top 10', 5],
    [95, 6, 'Top 10', 5],
    [95, 6, 'Top 10', 5],
    [95, 6, 'Top 10', 5],
    [90, 9, 'Top 10', 5],
    [88, 10, 'Top 10', 5],
    [88, 10, 'Top 10', 5], // 11th row ties the 10th: shares Top 10
    [80, 12, 'Top Half', 4],
    [80, 12, 'Top Half', 4], // 13th row ties the 12th: shares Top Half
    [70, 14, 'Bottom Half', 3],
    [60, 15, 'Bottom Half', 3],
    [50.2 + 0.1, 16, 'Bottom Half', 3], // 50.300000000000004
    [50.3, 16, 'Bottom Half', 3],
    [40, 18, 'Bottom Half', 3],
    [30, 19, 'Bottom Half', 3],
    [20, 20, 'Bottom Half', 3],
    [10, 21, 'Bottom Half', 3],
    [0, 22, 'Bottom Half', 3],
    [0, 22, 'Bottom Half', 3],
  ];

  it('ranks and rewards each roster as the table says', () => {
    expect(table).toHaveLength(23);
    const totals = table.map(([total]) => total);
    const ranks = competitionRanks(totals);
    expect(ranks).toEqual(table.map(([, position]) => position));
    const rewards = ranks.map((position) => rewardTier(position, totals.length));
    expect(rewards).toEqual(table.map(([, , tier, amount]) => ({ tier, amount })));
    // 7×3 + 5×8 + 4×2 + 3×10 = 21 + 40 + 8 + 30 = 99
    expect(rewards.reduce((sum, r) => sum + r.amount, 0)).toBe(99);
  });

  it('weeklyRewards gives the same answer from unsorted entries', () => {
    const entries = table.map(([totalPoints], i) => ({
      totalPoints,
      username: `user${String(i).padStart(2, '0')}`,
      id: i,
    }));
    const shuffled = [...entries].reverse();
    const rewards = weeklyRewards(shuffled);
    expect(rewards.map((r) => [r.position, r.tier, r.amount])).toEqual(
      table.map(([, position, tier, amount]) => [position, tier, amount]),
    );
    expect(rewards[0]).toMatchObject({ id: 0, username: 'user00' });
  });
});

describe('rankLeaderboard', () => {
  it('orders by total descending and ties by username, sharing positions', () => {
    const ranked = rankLeaderboard([
      { username: 'zeta', totalPoints: 50 },
      { username: 'Alfa', totalPoints: 70 },
      { username: 'beta', totalPoints: 50 },
      { username: 'gamma', totalPoints: 90 },
    ]);
    expect(ranked.map((r) => [r.position, r.username])).toEqual([
      [1, 'gamma'],
      [2, 'Alfa'],
      [3, 'beta'],
      [3, 'zeta'],
    ]);
  });

  it('compares usernames without regard to case', () => {
    const ranked = rankLeaderboard([
      { username: 'bob', totalPoints: 1 },
      { username: 'Alice', totalPoints: 1 },
      { username: 'carl', totalPoints: 1 },
    ]);
    expect(ranked.map((r) => r.username)).toEqual(['Alice', 'bob', 'carl']);
  });
});
