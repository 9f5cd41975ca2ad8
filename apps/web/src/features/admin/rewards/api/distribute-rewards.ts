import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RewardsWeekInput } from './calculate-rewards';

/** POST /api/admin/weekly-rewards/distribute: credits the week's rewards, once. */
export function distributeRewards(input: RewardsWeekInput) {
  return api.post('/api/admin/weekly-rewards/distribute', { body: input });
}

export function useDistributeRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: distributeRewards,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeklyRewards(leagueId) }),
        // the week is marked "Rewards Distributed"
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
