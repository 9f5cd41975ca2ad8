import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeague } from './invalidate';

export function setMarket({ leagueId, open }: { leagueId: string; open: boolean }) {
  return apiFetch<{ message: string; marketOpen: boolean }>(
    `/api/admin/leagues/${encodeURIComponent(leagueId)}/market`,
    { method: 'PUT', body: { open } },
  );
}

export function useSetMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarket,
    onSuccess: (_data, { leagueId }) => invalidateLeague(queryClient, leagueId),
  });
}
