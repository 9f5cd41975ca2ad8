import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeagueStandings } from '../../season/api/admin-keys';

/** POST /api/admin/snapshots/:id/restore: totals and coins back to the chosen snapshot's set. */
export function restoreSnapshot({ snapshotId }: { snapshotId: string; leagueId: string }) {
  return apiFetch<{ restored: number; message: string }>(
    `/api/admin/snapshots/${encodeURIComponent(snapshotId)}/restore`,
    { method: 'POST' },
  );
}

export function useRestoreSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSnapshot,
    onSuccess: (_data, { leagueId }) => invalidateLeagueStandings(queryClient, leagueId),
  });
}
