import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

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
