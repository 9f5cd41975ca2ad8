import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePhases } from './invalidate';
import { phasesUrl } from './phase-url';
import type { AdminPhase } from './types';

export interface AddPhaseInput {
  leagueId: string;
  phaseName: string;
  teamCount: number;
  startDate: string;
  endDate: string;
}

export function addPhase({ leagueId, ...body }: AddPhaseInput) {
  return apiFetch<{ message: string; phase: AdminPhase }>(phasesUrl(leagueId), { method: 'POST', body });
}

export function useAddPhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
