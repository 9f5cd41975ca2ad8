import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateTeams } from './invalidate';
import { teamUrl } from './team-url';

export function renameTeam({
  leagueId,
  teamName,
  name,
}: {
  leagueId: string;
  teamName: string;
  name: string;
}) {
  return apiFetch<{ message: string; playersUpdated: number; leaguesUpdated: number }>(
    teamUrl(leagueId, teamName),
    { method: 'PATCH', body: { name } },
  );
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
