import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateTeams } from './invalidate';
import { teamUrl } from './team-url';

export function deleteTeam({ leagueId, teamName }: { leagueId: string; teamName: string }) {
  return apiFetch<{ message: string; playersDeleted: number; playersMadeFreeAgent: number }>(
    teamUrl(leagueId, teamName),
    { method: 'DELETE' },
  );
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_data, { leagueId }) => invalidateTeams(queryClient, leagueId),
  });
}
