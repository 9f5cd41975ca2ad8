import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeagueStandings } from '../../season/api/admin-keys';

/** POST /api/admin/leaderboard-history/restore: totals and coins as they were at the end of `date`. */
export function restoreHistory(input: { leagueId: string; date: string }) {
  return apiFetch<{ restored: number; message: string }>('/api/admin/leaderboard-history/restore', {
    method: 'POST',
    body: input,
  });
}

export function useRestoreHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreHistory,
    onSuccess: (_data, { leagueId }) => invalidateLeagueStandings(queryClient, leagueId),
  });
}
