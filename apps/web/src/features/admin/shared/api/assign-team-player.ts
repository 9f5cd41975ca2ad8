import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidatePlayers } from './catalogue-invalidate';
import type { TeamPlayerRef } from './team-player-ref';

export function assignTeamPlayer({ leagueId, teamName, playerId }: TeamPlayerRef) {
  return api.post('/api/admin/leagues/{leagueId}/teams/{teamName}/players', {
    params: { leagueId, teamName },
    body: { playerId },
  });
}

export function useAssignTeamPlayer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignTeamPlayer, onSuccess: () => invalidatePlayers(queryClient) });
}
