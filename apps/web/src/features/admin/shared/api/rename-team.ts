import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateTeams } from './catalogue-invalidate';

export function renameTeam({
  leagueId,
  teamName,
  name,
}: {
  leagueId: string;
  teamName: string;
  name: string;
}) {
  return api.patch('/api/admin/leagues/{leagueId}/teams/{teamName}', {
    params: { leagueId, teamName },
    body: { name },
  });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTeam,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        invalidateTeams(queryClient, leagueId),
        // rosters list players by team name
        queryClient.invalidateQueries({ queryKey: ['admin', 'roster'] }),
      ]),
  });
}
