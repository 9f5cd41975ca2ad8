import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
  return apiFetch<{ message: string }>(
    `/api/admin/rosters/${encodeURIComponent(rosterId)}/champions/${encodeURIComponent(championId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveRosterChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRosterChampion,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
