import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateTeams } from './catalogue-invalidate';

export function deleteTeam({ leagueId, teamName }: { leagueId: string; teamName: string }) {
  return api.delete('/api/admin/leagues/{leagueId}/teams/{teamName}', { params: { leagueId, teamName } });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_data, { leagueId }) => invalidateTeams(queryClient, leagueId),
  });
}
