import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeagueStandings, seasonKeys } from './admin-keys';

export interface CloseWeekResult {
  totalDistributed: number;
  participantsCount: number;
  message: string;
}

/** POST /api/admin/weeks/:weekId/close: "Close & Distribute" (DECISIONS 19). */
export function closeWeek({ weekId }: { weekId: string; leagueId: string }) {
  return apiFetch<CloseWeekResult>(`/api/admin/weeks/${encodeURIComponent(weekId)}/close`, {
    method: 'POST',
  });
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
