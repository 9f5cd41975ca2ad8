import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
  return apiFetch<{ message: string }>(
    `/api/admin/rosters/${encodeURIComponent(rosterId)}/players/${encodeURIComponent(playerId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveRosterPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRosterPlayer,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
