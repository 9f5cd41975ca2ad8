import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';
import { invalidateLeague } from './invalidate';
import type { LeagueUpdateInput } from './types';

export function updateLeague({ leagueId, ...body }: LeagueUpdateInput & { leagueId: string }) {
  return api.patch('/api/admin/leagues/{leagueId}', { params: { leagueId }, body });
}

export function useUpdateLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLeague,
    onSuccess: ({ league }) =>
      Promise.all([
        invalidateLeague(queryClient, league.id),
        // the team and roster views show the league's name and type
        queryClient.invalidateQueries({ queryKey: adminKeys.teams() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.rosters() }),
      ]),
  });
}
