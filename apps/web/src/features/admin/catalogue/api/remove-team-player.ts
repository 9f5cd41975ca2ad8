import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidatePlayers } from './invalidate';
import { type TeamPlayerRef, teamUrl } from './team-url';

export function removeTeamPlayer({ leagueId, teamName, playerId }: TeamPlayerRef) {
  return apiFetch<{ message: string }>(
    `${teamUrl(leagueId, teamName)}/players/${encodeURIComponent(playerId)}`,
    { method: 'DELETE' },
  );
}

export function useRemoveTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeamPlayer, onSuccess: () => invalidatePlayers(queryClient) });
}
