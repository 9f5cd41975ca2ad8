/** Weekly Burro Coin rewards and leaderboard positions (spec §9, DECISIONS 17–18). */

export const REWARD_TIERS = [
  { tier: 'Top 3', amount: 7, description: 'Dal 1° al 3° posto' },
  { tier: 'Top 10', amount: 5, description: 'Dal 4° al 10° posto' },
  { tier: 'Top Half', amount: 4, description: 'Metà superiore della classifica, dopo la Top 10' },
  { tier: 'Bottom Half', amount: 3, description: 'Metà inferiore della classifica' },
] as const;

export type RewardTierName = (typeof REWARD_TIERS)[number]['tier'];

export interface RewardTier {
  tier: RewardTierName;
  amount: number;
}

function tierOf(name: RewardTierName): RewardTier {
  const found = REWARD_TIERS.find((entry) => entry.tier === name);
  // REWARD_TIERS lists every name, so this only fails if the table itself is edited badly.
  if (!found) throw new Error(`Unknown reward tier ${name}`);
  return { tier: found.tier, amount: found.amount };
}

/**
 * DECISIONS 18, checked in this order: p ≤ 3 → Top 3; p ≤ 10 → Top 10;
 * p ≤ ceil(n/2) → Top Half; otherwise Bottom Half. With few rosters the earlier
 * tiers win (4 of 4 is still Top 10). Ties already share the better position
 * through `competitionRanks`, hence the better tier.
 */
export function rewardTier(position: number, participantCount: number): RewardTier {
  if (!Number.isInteger(position) || position < 1) {
    throw new RangeError(`Position must be a positive integer, got ${position}`);
  }
  if (position <= 3) return tierOf('Top 3');
  if (position <= 10) return tierOf('Top 10');
  if (position <= Math.ceil(participantCount / 2)) return tierOf('Top Half');
  return tierOf('Bottom Half');
}

/**
 * Totals are compared after rounding to 0.01: stored points are rounded to 0.1, so
 * two totals that differ only by float noise (0.1 + 0.2 vs 0.3) must tie, and
 * rounding (unlike a tolerance) is transitive, so a chain of near-equal totals
 * can't all tie with each other.
 */
function tieKey(total: number): number {
  return Math.round(total * 100);
}

/**
 * Standard competition ranking (1, 2, 2, 4) for totals already sorted descending.
 */
export function competitionRanks(totals: readonly number[]): number[] {
  const ranks: number[] = [];
  totals.forEach((total, index) => {
    const previousRank = ranks[index - 1];
    const previousTotal = totals[index - 1];
    ranks.push(
      previousRank !== undefined && previousTotal !== undefined && tieKey(previousTotal) === tieKey(total)
        ? previousRank
        : index + 1,
    );
  });
  return ranks;
}

export interface LeaderboardEntry {
  totalPoints: number;
  username: string;
}

export type Ranked<T> = T & { position: number };

function compareUsernames(a: string, b: string): number {
  return a.localeCompare(b, 'it', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

/** DECISIONS 17: total descending, equal totals share a position and are listed by username. */
export function rankLeaderboard<T extends LeaderboardEntry>(entries: readonly T[]): Ranked<T>[] {
  const sorted = [...entries].sort(
    (a, b) => tieKey(b.totalPoints) - tieKey(a.totalPoints) || compareUsernames(a.username, b.username),
  );
  const ranks = competitionRanks(sorted.map((entry) => entry.totalPoints));
  return sorted.map((entry, index) => ({ ...entry, position: ranks[index] ?? index + 1 }));
}

export type WeeklyReward<T> = Ranked<T> & RewardTier;

/** The reward of every roster for one week, from the leaderboard at closing time (DECISIONS 19). */
export function weeklyRewards<T extends LeaderboardEntry>(entries: readonly T[]): WeeklyReward<T>[] {
  const ranked = rankLeaderboard(entries);
  return ranked.map((entry) => ({ ...entry, ...rewardTier(entry.position, ranked.length) }));
}
