import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateTeams } from './invalidate';

export function addTeam(body: { leagueId: string; name: string }) {
  return apiFetch<{ message: string; leagueId: string; teamName: string }>('/api/admin/teams', {
    method: 'POST',
    body,
  });
}

export function useAddTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTeam,
    onSuccess: (_data, { leagueId }) => invalidateTeams(queryClient, leagueId),
  });
}
