import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { MatchStatistics } from './types';

/** GET /api/admin/matches/:matchId/statistics: everything the statistics editor needs. */
export function getMatchStats(matchId: string): Promise<MatchStatistics> {
  // the stored rows' shape is stated in `MatchStatistics` (the route's schema leaves them open)
  return api.get('/api/admin/matches/{matchId}/statistics', {
    params: { matchId },
  }) as Promise<MatchStatistics>;
}

export const matchStatsQueryOptions = (matchId: string) =>
  queryOptions({
    queryKey: seasonKeys.matchStats(matchId),
    queryFn: () => getMatchStats(matchId),
    staleTime: SEASON_STALE_TIME.default,
  });

export function useMatchStats(matchId: string) {
  return useQuery(matchStatsQueryOptions(matchId));
}
