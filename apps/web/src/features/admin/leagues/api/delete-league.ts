import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

export function deleteLeague(leagueId: string) {
  return api.delete('/api/admin/leagues/{leagueId}', { params: { leagueId } });
}

export function useDeleteLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLeague,
    onSuccess: (_data, leagueId) => {
      queryClient.removeQueries({ queryKey: adminKeys.league(leagueId) });
      queryClient.removeQueries({ queryKey: adminKeys.phases(leagueId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.leagues() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.teams() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.rosters() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
        queryClient.invalidateQueries({ queryKey: PARTICIPANT_LEAGUES_KEY }),
      ]);
    },
  });
}
