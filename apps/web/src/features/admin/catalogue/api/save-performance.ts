import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';

export function savePerformance({
  championId,
  leagueId,
  performanceUrl,
}: {
  championId: string;
  leagueId: string;
  performanceUrl: string;
}) {
  return apiFetch<{ message: string }>(
    `/api/admin/champions/${encodeURIComponent(championId)}/performances`,
    {
      method: 'PUT',
      body: { leagueId, performanceUrl },
    },
  );
}

export function useSavePerformance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePerformance,
    onSuccess: (_data, { championId }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.performances(championId) }),
  });
}
