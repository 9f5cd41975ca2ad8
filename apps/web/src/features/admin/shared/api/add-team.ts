import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateTeams } from './catalogue-invalidate';

export function addTeam(body: { leagueId: string; name: string }) {
  return api.post('/api/admin/teams', { body });
}

export function useAddTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeam,
    onSuccess: (_data, { leagueId }) => invalidateTeams(queryClient, leagueId),
  });
}
