import type { PlayerInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { invalidatePlayers } from '@/features/admin/shared/api/catalogue-invalidate';
import { api } from '@/lib/api/client';

/** Adds a player (no id) or edits one. */
export function savePlayer({ id, ...body }: PlayerInput & { id?: string }) {
  return id
    ? api.put('/api/admin/players/{playerId}', { params: { playerId: id }, body })
    : api.post('/api/admin/players', { body });
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
