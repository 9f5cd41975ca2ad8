import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';
import type { MyRoster } from './types';

/** The user's roster in a league, or null when they have not joined it. */
export async function getMyRoster(leagueId: string): Promise<MyRoster | null> {
  const { roster } = await api.get('/api/leagues/{leagueId}/my-roster', { params: { leagueId } });
  return roster ?? null;
}

export const myRosterQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.roster(leagueId),
    queryFn: () => getMyRoster(leagueId),
    // The roster carries the recent movements too, and those go stale first (spec §9).
    staleTime: STALE_TIME.transactions,
  });

export function useMyRoster(leagueId: string | undefined) {
  return useQuery({ ...myRosterQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
