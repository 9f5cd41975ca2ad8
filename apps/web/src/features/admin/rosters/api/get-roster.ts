import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

import type { AdminRosterDetail } from './types';

/** One roster with the players and champions it holds, and its league's teams. */
export async function getRoster(rosterId: string): Promise<AdminRosterDetail> {
  const { roster } = await api.get('/api/admin/rosters/{rosterId}', { params: { rosterId } });
  return roster;
}

export const rosterQueryOptions = (rosterId: string) =>
  queryOptions({
    queryKey: adminKeys.roster(rosterId),
    queryFn: () => getRoster(rosterId),
    staleTime: ADMIN_STALE_TIME.rosters,
  });

export function useRoster(rosterId: string) {
  return useQuery(rosterQueryOptions(rosterId));
}
