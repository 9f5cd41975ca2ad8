import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RestoreMode } from './types';

export interface SnapshotRestoreInput {
  snapshotId: string;
  leagueId: string;
  mode: RestoreMode;
}

/** POST /api/admin/snapshots/:id/restore: the chosen snapshot's set, points with coins and holdings or alone. */
export function restoreSnapshot({ snapshotId, mode }: SnapshotRestoreInput) {
  return api.post('/api/admin/snapshots/{snapshotId}/restore', { params: { snapshotId }, body: { mode } });
}

/** POST /api/admin/snapshots/:id/restore-preview: what the restore would change (nothing is written). */
export function previewSnapshotRestore({ snapshotId, mode }: Omit<SnapshotRestoreInput, 'leagueId'>) {
  return api.post('/api/admin/snapshots/{snapshotId}/restore-preview', {
    params: { snapshotId },
    body: { mode },
  });
}

export function useRestoreSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSnapshot,
    onSuccess: (_data, { leagueId }) => invalidateLeagueStandings(queryClient, leagueId),
  });
}
