import type { CoinDistributionInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export interface CoinDistributionResult {
  message: string;
  updatedRostersCount: number;
  totalPandaDistributed: number;
  totalBurroDistributed: number;
}

export function distributeCoins({ leagueId, ...body }: CoinDistributionInput & { leagueId: string }) {
  return apiFetch<CoinDistributionResult>(
    `/api/admin/leagues/${encodeURIComponent(leagueId)}/distribute-coins`,
    { method: 'POST', body },
  );
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
