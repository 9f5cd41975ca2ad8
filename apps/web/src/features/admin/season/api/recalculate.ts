import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { invalidateLeagueStandings, seasonKeys } from './admin-keys';
import type { RecalculateRequest } from './types';

/** POST /api/admin/recalculate; a 422 carries the invalid matches in `details`. */
export function recalculate(input: RecalculateRequest) {
  return apiFetch<{ message: string; rostersUpdated: number }>('/api/admin/recalculate', {
    method: 'POST',
    body: input,
  });
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
