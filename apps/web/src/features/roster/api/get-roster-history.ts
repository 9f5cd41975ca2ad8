import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';

import { STALE_TIME } from '@/lib/query-keys';

export type HistoryWeek = ApiSchema<'HistoryWeek'>;

export const rosterHistoryQueryKey = (leagueId: string) => ['roster-history', leagueId] as const;

export const rosterHistoryQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: rosterHistoryQueryKey(leagueId),
    queryFn: async () =>
      (await api.get('/api/leagues/{leagueId}/my-roster/history', { params: { leagueId } })).history?.weeks ??
      [],
    staleTime: STALE_TIME.rosters,
  });

export function useRosterHistory(leagueId: string) {
  return useQuery(rosterHistoryQueryOptions(leagueId));
}
