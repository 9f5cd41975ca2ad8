import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

export interface SetMatchStatusInput {
  matchId: string;
  leagueId: string;
  completed: boolean;
  /** the admin confirmed a change to a closed week's match */
  confirmClosedWeek?: boolean;
}

export function setMatchStatus({ matchId, completed, confirmClosedWeek }: SetMatchStatusInput) {
  return api.patch('/api/admin/matches/{matchId}/status', {
    params: { matchId },
    query: { confirmClosedWeek: confirmClosedWeek ? 'true' : undefined },
    body: { completed },
  });
}

/** Complete / Reopen: the match's points enter or leave the rosters. */
export function useSetMatchStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMatchStatus,
    onSuccess: (_data, { leagueId, matchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchStats(matchId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchValidation(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
