import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';

const MINUTE = 60 * 1000;

/** Spec §9: scoring rules and users stay fresh 10 minutes, the rest 5. */
export const SEASON_STALE_TIME = {
  scoringRules: 10 * MINUTE,
  default: 5 * MINUTE,
} as const;

/** Query keys of the season and rewards admin pages; mutations invalidate through the same builders. */
export const seasonKeys = {
  weeks: (leagueId: string) => ['admin', 'weeks', leagueId] as const,
  matchStats: (matchId: string) => ['admin', 'match-stats', matchId] as const,
  allMatchStats: () => ['admin', 'match-stats'] as const,
  scoringRules: () => ['admin', 'scoring-rules'] as const,
  champions: () => ['admin', 'champions-catalogue'] as const,
  matchValidation: (leagueId: string) => ['admin', 'match-validation', leagueId] as const,
  weeklyRewards: (leagueId: string) => ['admin', 'weekly-rewards', leagueId] as const,
  snapshots: (leagueId: string) => ['admin', 'snapshots', leagueId] as const,
  leaderboardHistory: (leagueId: string, date: string) =>
    ['admin', 'leaderboard-history', leagueId, date] as const,
  /** Prefixes of the Rosters Overview queries (list and one roster), whose totals and coins we change. */
  rosters: () => ['admin', 'rosters'] as const,
  roster: () => ['admin', 'roster'] as const,
};

/**
 * Roster totals or coins of a league changed (points refresh, recalculation, rewards, restore):
 * the participant leaderboard and rosters of that league, and the admin roster overview.
 */
export function invalidateLeagueStandings(queryClient: QueryClient, leagueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(leagueId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.roster(leagueId) }),
    queryClient.invalidateQueries({ queryKey: seasonKeys.rosters() }),
    queryClient.invalidateQueries({ queryKey: seasonKeys.roster() }),
  ]);
}
