import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePlayers } from './catalogue-invalidate';
import type { TeamPlayerRef } from './team-player-ref';

export function removeTeamPlayer({ leagueId, teamName, playerId }: TeamPlayerRef) {
  return api.delete('/api/admin/leagues/{leagueId}/teams/{teamName}/players/{playerId}', {
    params: { leagueId, teamName, playerId },
  });
}

export function useRemoveTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTeamPlayer, onSuccess: () => invalidatePlayers(queryClient) });
}
