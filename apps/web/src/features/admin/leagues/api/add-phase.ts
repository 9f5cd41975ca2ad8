import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePhases } from './invalidate';

export interface AddPhaseInput {
  leagueId: string;
  phaseName: string;
  teamCount: number;
  startDate: string;
  endDate: string;
}

export function addPhase({ leagueId, ...body }: AddPhaseInput) {
  return api.post('/api/admin/leagues/{leagueId}/phases', { params: { leagueId }, body });
}

export function useAddPhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
