import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateRoster } from './invalidate';

/** Removes a champion from the roster (no refund). */
export function removeRosterChampion({
  rosterId,
  championId,
}: {
  rosterId: string;
  leagueId: string;
  championId: string;
}) {
  return api.delete('/api/admin/rosters/{rosterId}/champions/{championId}', {
    params: { rosterId, championId },
  });
}

export function useRemoveRosterChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRosterChampion,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
