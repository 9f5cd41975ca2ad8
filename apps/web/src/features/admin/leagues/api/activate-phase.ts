import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from '@/features/admin/shared/api/admin-keys';
import { type ApiResponse, api } from '@/lib/api/client';
import { invalidatePhases } from './invalidate';

export type ActivatePhaseResult = ApiResponse<
  'post',
  '/api/admin/leagues/{leagueId}/phases/{phaseId}/activate'
>;

/** Makes a phase current, after a snapshot of every roster of the league. */
export function activatePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return api.post('/api/admin/leagues/{leagueId}/phases/{phaseId}/activate', {
    params: { leagueId, phaseId },
  });
}

export function useActivatePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePhase,
    onSuccess: (_d, { leagueId }) =>
      Promise.all([
        invalidatePhases(queryClient, leagueId),
        // the snapshot count on the dashboard, and the participants' phase suggestions
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: PARTICIPANT_LEAGUES_KEY }),
      ]),
  });
}
