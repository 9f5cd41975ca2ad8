import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { type ApiResponse, api } from '@/lib/api/client';

export type CloseWeekResult = ApiResponse<'post', '/api/admin/weeks/{weekId}/close'>;

/** POST /api/admin/weeks/:weekId/close: "Close & Distribute" (DECISIONS 19). */
export function closeWeek({ weekId }: { weekId: string; leagueId: string }) {
  return api.post('/api/admin/weeks/{weekId}/close', { params: { weekId } });
}

export function useCloseWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeWeek,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeklyRewards(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
