import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateRoster } from './invalidate';

export interface RosterNumbers {
  pandaCoin: number;
  burroCoin: number;
  totalPoints: number;
}

export function updateRoster({ rosterId, ...body }: RosterNumbers & { rosterId: string; leagueId: string }) {
  const { leagueId: _leagueId, ...numbers } = body;
  return apiFetch<{ message: string }>(`/api/admin/rosters/${encodeURIComponent(rosterId)}`, {
    method: 'PATCH',
    body: numbers,
  });
}

export function useUpdateRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoster,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
