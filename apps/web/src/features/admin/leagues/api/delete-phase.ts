import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePhases } from './invalidate';
import { phaseUrl } from './phase-url';

/** Deletes a phase (the server refuses the current one). */
export function deletePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return apiFetch<{ message: string }>(phaseUrl(leagueId, phaseId), { method: 'DELETE' });
}

export function useDeletePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhase,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
