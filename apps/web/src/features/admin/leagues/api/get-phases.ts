import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';
import type { AdminPhase } from './types';

/** A league's phases by phase_order. */
export async function getPhases(leagueId: string): Promise<AdminPhase[]> {
  const { phases } = await api.get('/api/admin/leagues/{leagueId}/phases', { params: { leagueId } });
  return phases;
}

export const phasesQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: adminKeys.phases(leagueId),
    queryFn: () => getPhases(leagueId),
    staleTime: ADMIN_STALE_TIME.leagues,
  });

export function usePhases(leagueId: string) {
  return useQuery(phasesQueryOptions(leagueId));
}
