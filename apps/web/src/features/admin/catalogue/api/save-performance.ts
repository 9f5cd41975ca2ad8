import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

export function savePerformance({
  championId,
  leagueId,
  performanceUrl,
}: {
  championId: string;
  leagueId: string;
  performanceUrl: string;
}) {
  return api.put('/api/admin/champions/{championId}/performances', {
    params: { championId },
    body: { leagueId, performanceUrl },
  });
}

export function useSavePerformance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePerformance,
    onSuccess: (_data, { championId }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.performances(championId) }),
  });
}
