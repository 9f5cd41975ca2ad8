import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { RewardPreviewRow } from './types';

export interface RewardsWeekInput {
  leagueId: string;
  weekNumber: number;
}

/** POST /api/admin/weekly-rewards/calculate: a preview, nothing is written (so nothing to invalidate). */
export function calculateRewards(input: RewardsWeekInput) {
  return apiFetch<{ rows: RewardPreviewRow[]; total: number }>('/api/admin/weekly-rewards/calculate', {
    method: 'POST',
    body: input,
  });
}

export function useCalculateRewards() {
  return useMutation({ mutationFn: calculateRewards });
}
