import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from './admin-keys';
import { invalidatePhases } from './invalidate';
import { phaseUrl } from './phase-url';
import type { AdminPhase } from './types';

export interface ActivatePhaseResult {
  message: string;
  phase: AdminPhase;
  snapshotsCreated: number;
  snapshotMessage: string | null;
  snapshotError: string | null;
}

/** Makes a phase current, after a snapshot of every roster of the league. */
export function activatePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return apiFetch<ActivatePhaseResult>(`${phaseUrl(leagueId, phaseId)}/activate`, { method: 'POST' });
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
