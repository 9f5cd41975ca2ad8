import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateRoster } from './invalidate';

export interface RosterNumbers {
  pandaCoin: number;
  burroCoin: number;
  totalPoints: number;
}

/** `leagueId` only tells the mutation which participant views to refresh. */
export function updateRoster({
  rosterId,
  pandaCoin,
  burroCoin,
  totalPoints,
}: RosterNumbers & { rosterId: string; leagueId: string }) {
  return api.patch('/api/admin/rosters/{rosterId}', {
    params: { rosterId },
    body: { pandaCoin, burroCoin, totalPoints },
  });
}

export function useUpdateRoster() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRoster,
    onSuccess: (_data, { rosterId, leagueId }) => invalidateRoster(queryClient, rosterId, leagueId),
  });
}
