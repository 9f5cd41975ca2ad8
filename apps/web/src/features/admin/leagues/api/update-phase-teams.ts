import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePhases } from './invalidate';

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
  return api.put('/api/admin/leagues/{leagueId}/phases/{phaseId}/teams', {
    params: { leagueId, phaseId },
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
