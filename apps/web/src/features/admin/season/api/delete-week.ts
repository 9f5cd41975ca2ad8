import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLeagueStandings, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

export function deleteWeek({ weekId }: { weekId: string; leagueId: string }) {
  return api.delete('/api/admin/weeks/{weekId}', { params: { weekId } });
}

/** Deleting a week removes its matches and their points from the rosters. */
export function useDeleteWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWeek,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(leagueId) }),
        invalidateLeagueStandings(queryClient, leagueId),
      ]),
  });
}
