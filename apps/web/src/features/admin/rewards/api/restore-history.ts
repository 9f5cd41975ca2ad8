import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeagueStandings } from '../../season/api/admin-keys';
import type { RestoreMode, RestoreResult } from './types';

export interface HistoryRestoreInput {
  leagueId: string;
  date: string;
  mode: RestoreMode;
}

/** POST /api/admin/leaderboard-history/restore: the rosters as they were at the end of `date`. */
export function restoreHistory(input: HistoryRestoreInput) {
  return apiFetch<RestoreResult>('/api/admin/leaderboard-history/restore', { method: 'POST', body: input });
}

/** POST /api/admin/leaderboard-history/restore-preview: what the restore would change (nothing is written). */
export function previewHistoryRestore(input: HistoryRestoreInput) {
  return apiFetch<RestoreResult>('/api/admin/leaderboard-history/restore-preview', {
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
