import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

export interface UpdateRewardInput {
  rewardId: string;
  leagueId: string;
  rewardAmount: number;
}

/** PATCH /api/admin/weekly-rewards/:id: the roster's Burro Coin moves by the difference (DECISIONS 20). */
export function updateReward({ rewardId, rewardAmount }: UpdateRewardInput) {
  return api.patch('/api/admin/weekly-rewards/{rewardId}', { params: { rewardId }, body: { rewardAmount } });
}

export function useUpdateReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReward,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeklyRewards(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
