import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import type { AdminWeek } from './types';

/** GET /api/admin/weeks: a league's weeks (by number) with their matches (by date). */
export async function getWeeks(leagueId: string): Promise<AdminWeek[]> {
  const { weeks } = await api.get('/api/admin/weeks', { query: { leagueId } });
  return weeks;
}

/** Spec §8: a failed load is retried twice, after 1.5 s and 3 s; a 4xx answer is not retried. */
export function retryWeeks(failureCount: number, error: Error) {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 2;
}

export const weeksQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: seasonKeys.weeks(leagueId),
    queryFn: () => getWeeks(leagueId),
    staleTime: SEASON_STALE_TIME.default,
    retry: retryWeeks,
    retryDelay: (attempt) => 1500 * (attempt + 1),
  });

export function useWeeks(leagueId: string | undefined) {
  return useQuery({ ...weeksQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
