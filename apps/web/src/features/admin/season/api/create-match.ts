import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { AdminMatch } from './types';

/** A new match: `date` is an ISO instant. */
export type CreateMatchInput = Pick<
  AdminMatch,
  'leagueId' | 'weekId' | 'team1' | 'team2' | 'date' | 'matchDay' | 'matchFormat'
>;

export function createMatch({ leagueId: _leagueId, weekId, ...body }: CreateMatchInput) {
  return api.post('/api/admin/weeks/{weekId}/matches', { params: { weekId }, body });
}

export function useCreateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMatch,
    onSuccess: (_data, { leagueId }) =>
      queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
  });
}
