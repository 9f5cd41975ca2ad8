import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';

export function deletePerformance({ championId, leagueId }: { championId: string; leagueId: string }) {
  return apiFetch<{ message: string }>(
    `/api/admin/champions/${encodeURIComponent(championId)}/performances/${encodeURIComponent(leagueId)}`,
    { method: 'DELETE' },
  );
}

export function useDeletePerformance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePerformance,
    onSuccess: (_data, { championId }) =>
      queryClient.invalidateQueries({ queryKey: adminKeys.performances(championId) }),
  });
}
