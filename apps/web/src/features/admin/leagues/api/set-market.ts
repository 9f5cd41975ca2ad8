import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';

import { invalidateLeague } from './invalidate';

export function setMarket({ leagueId, open }: { leagueId: string; open: boolean }) {
  return api.put('/api/admin/leagues/{leagueId}/market', { params: { leagueId }, body: { open } });
}

export function useSetMarket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarket,
    onSuccess: (_data, { leagueId }) => invalidateLeague(queryClient, leagueId),
  });
}
