import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';
import type { NewLeagueBody } from './types';

export function createLeague(body: NewLeagueBody) {
  return api.post('/api/admin/leagues', { body });
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
