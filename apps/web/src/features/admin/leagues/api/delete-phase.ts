import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePhases } from './invalidate';

/** Deletes a phase (the server refuses the current one). */
export function deletePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return api.delete('/api/admin/leagues/{leagueId}/phases/{phaseId}', { params: { leagueId, phaseId } });
}

export function useDeletePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
