import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';
import type { League } from './types';

/** Every league (ordered by name) with the user's membership, rules acceptance and market state. */
export async function getLeagues(): Promise<League[]> {
  const { leagues } = await api.get('/api/leagues');
  return leagues;
}

export const leaguesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.leagues(),
    queryFn: getLeagues,
    staleTime: STALE_TIME.leagues,
  });

export function useLeagues(options: { fresh?: boolean } = {}) {
  // the market must show a closure the admin just made: it refetches on opening, whatever the stale time
  return useQuery({
    ...leaguesQueryOptions(),
    ...(options.fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}
