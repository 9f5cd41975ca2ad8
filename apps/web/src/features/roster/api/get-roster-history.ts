import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { STALE_TIME } from '@/lib/query-keys';

export interface HistoryWeek {
  weekNumber: number;
  name: string;
  points: number;
  cumulative: number;
  rank: number;
  participants: number;
}

export const rosterHistoryQueryKey = (leagueId: string) => ['roster-history', leagueId] as const;

export const rosterHistoryQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: rosterHistoryQueryKey(leagueId),
    queryFn: async () =>
      (
        await apiFetch<{ history: { weeks: HistoryWeek[] } | null }>(
          `/api/leagues/${encodeURIComponent(leagueId)}/my-roster/history`,
        )
      ).history?.weeks ?? [],
    staleTime: STALE_TIME.rosters,
  });

export function useRosterHistory(leagueId: string) {
  return useQuery(rosterHistoryQueryOptions(leagueId));
}
