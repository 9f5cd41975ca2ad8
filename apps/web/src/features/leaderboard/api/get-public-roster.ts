import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicRoster } from '@/api/types';
import { api } from '@/lib/api/client';

import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** Another participant's roster, opened from the leaderboard. */
export async function getPublicRoster(leagueId: string, rosterId: string): Promise<PublicRoster> {
  const { roster } = await api.get('/api/leagues/{leagueId}/rosters/{rosterId}', {
    params: { leagueId, rosterId },
  });
  return roster;
}

export const publicRosterQueryOptions = (leagueId: string, rosterId: string) =>
  queryOptions({
    queryKey: queryKeys.publicRoster(leagueId, rosterId),
    queryFn: () => getPublicRoster(leagueId, rosterId),
    staleTime: STALE_TIME.rosters,
  });

export function usePublicRoster(leagueId: string, rosterId: string | null) {
  return useQuery({ ...publicRosterQueryOptions(leagueId, rosterId ?? ''), enabled: Boolean(rosterId) });
}
