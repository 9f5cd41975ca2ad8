import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { invalidatePlayers } from '@/features/admin/shared/api/catalogue-invalidate';
import { api } from '@/lib/api/client';

export function deletePlayer(playerId: string) {
  return api.delete('/api/admin/players/{playerId}', { params: { playerId } });
}

export function useDeletePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlayer,
    onSuccess: () =>
      Promise.all([
        invalidatePlayers(queryClient),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  });
}
