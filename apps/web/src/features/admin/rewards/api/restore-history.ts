import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RestoreMode } from './types';

export interface HistoryRestoreInput {
  leagueId: string;
  date: string;
  mode: RestoreMode;
}

/** POST /api/admin/leaderboard-history/restore: the rosters as they were at the end of `date`. */
export function restoreHistory(input: HistoryRestoreInput) {
  return api.post('/api/admin/leaderboard-history/restore', { body: input });
}

/** POST /api/admin/leaderboard-history/restore-preview: what the restore would change (nothing is written). */
export function previewHistoryRestore(input: HistoryRestoreInput) {
  return api.post('/api/admin/leaderboard-history/restore-preview', { body: input });
}

export function useRestoreHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreHistory,
    onSuccess: (_data, { leagueId }) => invalidateLeagueStandings(queryClient, leagueId),
  });
}
