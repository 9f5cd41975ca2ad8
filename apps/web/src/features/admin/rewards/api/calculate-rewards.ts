import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import type { RewardPreviewRow } from './types';

/** tiers and threshold bonus of a week's distribution (DECISIONS 19) */
export interface RewardPreviewTotals {
  total: number;
  tierTotal: number;
  bonusTotal: number;
  bonusCount: number;
}

export interface RewardsWeekInput {
  leagueId: string;
  weekNumber: number;
}

/** POST /api/admin/weekly-rewards/calculate: a preview, nothing is written (so nothing to invalidate). */
export function calculateRewards(input: RewardsWeekInput) {
  return apiFetch<RewardPreviewTotals & { rows: RewardPreviewRow[] }>('/api/admin/weekly-rewards/calculate', {
    method: 'POST',
    body: input,
  });
}

export function useCalculateRewards() {
  return useMutation({ mutationFn: calculateRewards });
}
