import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
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
  return apiFetch<{ message: string }>(`/api/admin/rosters/${encodeURIComponent(rosterId)}/champions`, {
    method: 'POST',
    body: { championId },
  });
}

export function useAddRosterChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addRosterChampion,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
