import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seasonKeys } from './admin-keys';
import type { AdminMatch } from './types';

export interface CreateMatchInput {
  leagueId: string;
  weekId: string;
  team1: string;
  team2: string;
  /** ISO instant. */
  date: string;
  matchDay: number;
  matchFormat: number;
}

export function createMatch({ leagueId: _leagueId, weekId, ...body }: CreateMatchInput) {
  return apiFetch<{ match: AdminMatch; message: string }>(
    `/api/admin/weeks/${encodeURIComponent(weekId)}/matches`,
    { method: 'POST', body },
  );
}

export function useCreateMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMatch,
    onSuccess: (_data, { leagueId }) =>
      queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
  });
}
