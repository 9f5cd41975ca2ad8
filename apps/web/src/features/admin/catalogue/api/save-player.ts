import type { PlayerInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import { invalidatePlayers } from './invalidate';
import type { AdminPlayer } from './types';

/** Adds a player (no id) or edits one. */
export function savePlayer({ id, ...body }: PlayerInput & { id?: string }) {
  return apiFetch<{ message: string; player: AdminPlayer }>(
    id ? `/api/admin/players/${encodeURIComponent(id)}` : '/api/admin/players',
    { method: id ? 'PUT' : 'POST', body },
  );
}

export function useSavePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePlayer,
    onSuccess: () =>
      Promise.all([
        invalidatePlayers(queryClient),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  });
}
