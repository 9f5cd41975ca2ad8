import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePlayers } from './invalidate';
import { type TeamPlayerRef, teamUrl } from './team-url';

export function assignTeamPlayer({ leagueId, teamName, playerId }: TeamPlayerRef) {
  return apiFetch<{ message: string }>(`${teamUrl(leagueId, teamName)}/players`, {
    method: 'POST',
    body: { playerId },
  });
}

export function useAssignTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignTeamPlayer, onSuccess: () => invalidatePlayers(queryClient) });
}
