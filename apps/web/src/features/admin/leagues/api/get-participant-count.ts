import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

/** The number of rosters in a league, from the roster list's total (one row fetched). */
export async function getParticipantCount(leagueId: string): Promise<number> {
  const { total } = await api.get('/api/admin/rosters', { query: { leagueId, limit: 1 } });
  return total;
}

export const participantCountQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: adminKeys.participantCount(leagueId),
    queryFn: () => getParticipantCount(leagueId),
    staleTime: ADMIN_STALE_TIME.rosters,
  });

export function useParticipantCount(leagueId: string, enabled = true) {
  return useQuery({ ...participantCountQueryOptions(leagueId), enabled });
}
