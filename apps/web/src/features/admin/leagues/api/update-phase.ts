import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePhases } from './invalidate';
import { phaseUrl } from './phase-url';
import type { AdminPhase } from './types';

/** The inline phase editor: team count and dates. */
export interface UpdatePhaseInput {
  leagueId: string;
  phaseId: string;
  teamCount: number;
  startDate: string | null;
  endDate: string | null;
}

export function updatePhase({ leagueId, phaseId, ...body }: UpdatePhaseInput) {
  return apiFetch<{ message: string; phase: AdminPhase }>(phaseUrl(leagueId, phaseId), {
    method: 'PATCH',
    body,
  });
}

export function useUpdatePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
