import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

export function deletePerformance({ championId, leagueId }: { championId: string; leagueId: string }) {
  return api.delete('/api/admin/champions/{championId}/performances/{leagueId}', {
    params: { championId, leagueId },
  });
}

export function useDeletePerformance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerformance,
    onSuccess: (_data, { championId }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.performances(championId) }),
  });
}
