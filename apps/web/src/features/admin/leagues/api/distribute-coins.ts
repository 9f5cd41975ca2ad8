import type { CoinDistributionInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { type ApiResponse, api } from '@/lib/api/client';

export type CoinDistributionResult = ApiResponse<'post', '/api/admin/leagues/{leagueId}/distribute-coins'>;

export function distributeCoins({ leagueId, ...body }: CoinDistributionInput & { leagueId: string }) {
  return api.post('/api/admin/leagues/{leagueId}/distribute-coins', { params: { leagueId }, body });
}

export function useDistributeCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: distributeCoins,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.rosters() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.roster() }),
        // the participants' own roster pages show the new balances
        queryClient.invalidateQueries({ queryKey: ['roster', leagueId] }),
      ]),
  });
}
