import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RewardWeek } from './types';

/** GET /api/admin/weekly-rewards: distributed rewards by week (descending) and position. */
export async function getWeeklyRewards(leagueId: string): Promise<RewardWeek[]> {
  const { weeks } = await api.get('/api/admin/weekly-rewards', { query: { leagueId } });
  return weeks;
}

export const weeklyRewardsQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: seasonKeys.weeklyRewards(leagueId),
    queryFn: () => getWeeklyRewards(leagueId),
    staleTime: SEASON_STALE_TIME.default,
  });

export function useWeeklyRewards(leagueId: string | undefined) {
  return useQuery({ ...weeklyRewardsQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
