import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, type ApiSchema, api } from '@/lib/api/client';

export type HomeLeague = ApiSchema<'HomeLeague'>;

export type HomeSummary = ApiResponse<'get', '/api/me/home'>;

/** One key for every league: any league's live event refreshes it. */
export const homeSummaryQueryKey = ['home-summary'] as const;

export const homeSummaryQueryOptions = () =>
  queryOptions({
    queryKey: homeSummaryQueryKey,
    queryFn: () => api.get('/api/me/home'),
    staleTime: 60_000,
  });

export function useHomeSummary() {
  return useQuery(homeSummaryQueryOptions());
}
