import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateRoster } from './invalidate';

/** Adds a champion to the roster without charging coins. */
export function addRosterChampion({
  rosterId,
  championId,
}: {
  rosterId: string;
  leagueId: string;
  championId: string;
}) {
  return api.post('/api/admin/rosters/{rosterId}/champions', { params: { rosterId }, body: { championId } });
}

export function useAddRosterChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRosterChampion,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
