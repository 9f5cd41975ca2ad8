import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateLeagueStandings, seasonKeys } from '../../season/api/admin-keys';
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
