/**
 * The phase endpoints of a league (add, inline edit, participating teams, delete, activate). Kept in one
 * file because they share the URL and the invalidation: each refreshes the league's phases.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { invalidatePhases } from './invalidate';
import type { AdminPhase } from './types';

const phasesUrl = (leagueId: string) => `/api/admin/leagues/${encodeURIComponent(leagueId)}/phases`;
const phaseUrl = (leagueId: string, phaseId: string) =>
  `${phasesUrl(leagueId)}/${encodeURIComponent(phaseId)}`;

type PhaseResponse = { message: string; phase: AdminPhase };

export interface AddPhaseInput {
  leagueId: string;
  phaseName: string;
  teamCount: number;
  startDate: string;
  endDate: string;
}

export function addPhase({ leagueId, ...body }: AddPhaseInput) {
  return apiFetch<PhaseResponse>(phasesUrl(leagueId), { method: 'POST', body });
}

export interface UpdatePhaseInput {
  leagueId: string;
  phaseId: string;
  teamCount: number;
  startDate: string | null;
  endDate: string | null;
}

export function updatePhase({ leagueId, phaseId, ...body }: UpdatePhaseInput) {
  return apiFetch<PhaseResponse>(phaseUrl(leagueId, phaseId), { method: 'PATCH', body });
}

export function updatePhaseTeams({
  leagueId,
  phaseId,
  teams,
}: {
  leagueId: string;
  phaseId: string;
  teams: string[];
}) {
  return apiFetch<PhaseResponse>(`${phaseUrl(leagueId, phaseId)}/teams`, { method: 'PUT', body: { teams } });
}

export function deletePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return apiFetch<{ message: string }>(phaseUrl(leagueId, phaseId), { method: 'DELETE' });
}

export interface ActivatePhaseResult extends PhaseResponse {
  snapshotsCreated: number;
  snapshotMessage: string | null;
  snapshotError: string | null;
}

export function activatePhase({ leagueId, phaseId }: { leagueId: string; phaseId: string }) {
  return apiFetch<ActivatePhaseResult>(`${phaseUrl(leagueId, phaseId)}/activate`, { method: 'POST' });
}

function usePhaseMutation<TInput extends { leagueId: string }, TResult>(
  fn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (_data, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}

export const useAddPhase = () => usePhaseMutation(addPhase);
export const useUpdatePhase = () => usePhaseMutation(updatePhase);
export const useUpdatePhaseTeams = () => usePhaseMutation(updatePhaseTeams);
export const useDeletePhase = () => usePhaseMutation(deletePhase);

export function useActivatePhase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePhase,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        invalidatePhases(queryClient, leagueId),
        // snapshots feed the recovery page
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: ['leagues'] }),
      ]),
  });
}
