import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateRoster } from './invalidate';

/** Removes a player from the roster (no refund). */
export function removeRosterPlayer({
  rosterId,
  playerId,
}: {
  rosterId: string;
  leagueId: string;
  playerId: string;
}) {
  return api.delete('/api/admin/rosters/{rosterId}/players/{playerId}', { params: { rosterId, playerId } });
}

export function useRemoveRosterPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRosterPlayer,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
