import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { SEASON_STALE_TIME, seasonKeys } from './admin-keys';
import type { MatchStatistics } from './types';

/** GET /api/admin/matches/:matchId/statistics: everything the statistics editor needs. */
export function getMatchStats(matchId: string) {
  return apiFetch<MatchStatistics>(`/api/admin/matches/${encodeURIComponent(matchId)}/statistics`);
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
