import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { invalidateLeagueStandings, seasonKeys } from './admin-keys';

export function deleteMatch({
  matchId,
  confirmClosedWeek,
}: {
  matchId: string;
  leagueId: string;
  /** the admin confirmed a change to a closed week's match */
  confirmClosedWeek?: boolean;
}) {
  return api.delete('/api/admin/matches/{matchId}', {
    params: { matchId },
    query: { confirmClosedWeek: confirmClosedWeek ? 'true' : undefined },
  });
}

export function useDeleteMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMatch,
    onSuccess: (_data, { leagueId, matchId }) => {
      queryClient.removeQueries({ queryKey: seasonKeys.matchStats(matchId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchValidation(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]);
    },
  });
}
