import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RecalculateRequest } from './types';

/** POST /api/admin/recalculate; a 422 carries the invalid matches in `details`. */
export function recalculate(input: RecalculateRequest) {
  return api.post('/api/admin/recalculate', { body: input });
}

export function useRecalculate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recalculate,
    onSettled: (_data, _error, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.matchValidation(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
