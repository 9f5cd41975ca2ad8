import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePhases } from './invalidate';
import { phaseUrl } from './phase-url';
import type { AdminPhase } from './types';

/** The teams taking part in a phase (at most its team count). */
export function updatePhaseTeams({
  leagueId,
  phaseId,
  teams,
}: {
  leagueId: string;
  phaseId: string;
  teams: string[];
}) {
  return apiFetch<{ message: string; phase: AdminPhase }>(`${phaseUrl(leagueId, phaseId)}/teams`, {
    method: 'PUT',
    body: { teams },
  });
}

export function useUpdatePhaseTeams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePhaseTeams,
    onSuccess: (_d, { leagueId }) => invalidatePhases(queryClient, leagueId),
  });
}
