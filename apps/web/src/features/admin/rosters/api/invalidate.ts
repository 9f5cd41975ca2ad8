import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';

/** After a roster changes: its detail, the roster cards, and the participant views of that league. */
export function invalidateRoster(queryClient: QueryClient, rosterId: string, leagueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.roster(rosterId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.rosters() }),
    queryClient.invalidateQueries({ queryKey: ['roster', leagueId] }),
    queryClient.invalidateQueries({ queryKey: ['leaderboard', leagueId] }),
  ]);
}
