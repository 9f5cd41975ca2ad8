import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { SaveMatchStatistics } from './types';

export interface SaveMatchStatsInput {
  matchId: string;
  leagueId: string;
  body: SaveMatchStatistics;
  /** the admin confirmed a change to a closed week's match */
  confirmClosedWeek?: boolean;
}

/** PUT /api/admin/matches/:matchId/statistics: result, stats, objectives and series MVP in one go. */
export function saveMatchStats({ matchId, body, confirmClosedWeek }: SaveMatchStatsInput) {
  return api.put('/api/admin/matches/{matchId}/statistics', {
    params: { matchId },
    query: { confirmClosedWeek: confirmClosedWeek ? 'true' : undefined },
    body,
  });
}

export function useSaveMatchStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMatchStats,
    onSuccess: (_data, { leagueId, matchId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchStats(matchId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchValidation(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
