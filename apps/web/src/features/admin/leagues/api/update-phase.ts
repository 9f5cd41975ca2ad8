import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePhases } from './invalidate';

/** The inline phase editor: team count and dates. */
export interface UpdatePhaseInput {
  leagueId: string;
  phaseId: string;
  teamCount: number;
  startDate: string | null;
  endDate: string | null;
}

export function updatePhase({ leagueId, phaseId, ...body }: UpdatePhaseInput) {
  return api.patch('/api/admin/leagues/{leagueId}/phases/{phaseId}', { params: { leagueId, phaseId }, body });
}

export function useUpdatePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
