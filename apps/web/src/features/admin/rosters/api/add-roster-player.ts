import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateRoster } from './invalidate';

/** Adds a player to the roster without charging coins. */
export function addRosterPlayer({
  rosterId,
  playerId,
}: {
  rosterId: string;
  leagueId: string;
  playerId: string;
}) {
  return api.post('/api/admin/rosters/{rosterId}/players', { params: { rosterId }, body: { playerId } });
}

export function useAddRosterPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRosterPlayer,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
