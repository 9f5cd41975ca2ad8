import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

export function deleteChampion(championId: string) {
  return api.delete('/api/admin/champions/{championId}', { params: { championId } });
}

export function useDeleteChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChampion,
    onSuccess: (_data, championId) => {
      queryClient.removeQueries({ queryKey: adminKeys.performances(championId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.champions() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]);
    },
  });
}
