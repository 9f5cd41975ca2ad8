import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from './admin-keys';
import type { AdminLeague, NewLeagueBody } from './types';

export function createLeague(body: NewLeagueBody) {
  return apiFetch<{ message: string; league: AdminLeague }>('/api/admin/leagues', { method: 'POST', body });
}

export function useCreateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLeague,
    onSuccess: ({ league }) => {
      queryClient.setQueryData(adminKeys.league(league.id), league);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.leagues() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.teams() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: PARTICIPANT_LEAGUES_KEY }),
      ]);
    },
  });
}
