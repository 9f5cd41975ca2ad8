import { useMutation } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api/client';

/** tiers and threshold bonus of a week's distribution (DECISIONS 19) */
export type RewardPreviewTotals = Omit<ApiResponse<'post', '/api/admin/weekly-rewards/calculate'>, 'rows'>;

export interface RewardsWeekInput {
  leagueId: string;
  weekNumber: number;
}

/** POST /api/admin/weekly-rewards/calculate: a preview, nothing is written (so nothing to invalidate). */
export function calculateRewards(input: RewardsWeekInput) {
  return api.post('/api/admin/weekly-rewards/calculate', { body: input });
}

export function useCalculateRewards() {
  return useMutation({ mutationFn: calculateRewards });
}
