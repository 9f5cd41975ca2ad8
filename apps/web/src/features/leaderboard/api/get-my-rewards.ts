import { hashKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type ApiResponse, api } from '@/lib/api/client';

import { queryKeys } from '@/lib/query-keys';

/** One week's Burro Coin reward of the signed-in user (GET /api/leagues/:id/my-rewards). */
export type MyReward = MyRewards['rewards'][number];

export type MyRewards = ApiResponse<'get', '/api/leagues/{leagueId}/my-rewards'>;

export const myRewardsQueryKey = (leagueId: string) => ['my-rewards', leagueId] as const;

/** Rewards change only when an administrator closes a week: 5 minutes. */
export const MY_REWARDS_STALE_TIME = 5 * 60 * 1000;

/** The user's weekly reward history in a league, newest week first. */
export async function getMyRewards(leagueId: string): Promise<MyRewards> {
  const data = await api.get('/api/leagues/{leagueId}/my-rewards', { params: { leagueId } });
  return {
    rewardTiers: data.rewardTiers ?? [],
    rewards: [...(data.rewards ?? [])].sort((a, b) => b.weekNumber - a.weekNumber),
  };
}

export const myRewardsQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: myRewardsQueryKey(leagueId),
    queryFn: () => getMyRewards(leagueId),
    staleTime: MY_REWARDS_STALE_TIME,
  });

/**
 * The history goes stale with the standings: whenever the league's leaderboard is invalidated
 * (trade, join, points refresh, week closed and rewards distributed) the rewards are too,
 * including an invalidation that happened while this page was not mounted.
 */
function useInvalidateWithLeaderboard(leagueId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!leagueId) return;
    const cache = queryClient.getQueryCache();
    const leaderboardHash = hashKey(queryKeys.leaderboard(leagueId));
    const invalidate = () => queryClient.invalidateQueries({ queryKey: myRewardsQueryKey(leagueId) });
    if (cache.get(leaderboardHash)?.state.isInvalidated) void invalidate();
    return cache.subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'invalidate' &&
        event.query.queryHash === leaderboardHash
      ) {
        void invalidate();
      }
    });
  }, [queryClient, leagueId]);
}

export function useMyRewards(leagueId: string | undefined) {
  useInvalidateWithLeaderboard(leagueId);
  return useQuery({ ...myRewardsQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
