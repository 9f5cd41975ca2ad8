import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { type ApiResponse, api } from '@/lib/api/client';

export type TeamPlayers = ApiResponse<'get', '/api/admin/leagues/{leagueId}/teams/{teamName}/players'>;

/** The team player manager's two tabs. */
export function getTeamPlayers(leagueId: string, teamName: string): Promise<TeamPlayers> {
  return api.get('/api/admin/leagues/{leagueId}/teams/{teamName}/players', {
    params: { leagueId, teamName },
  });
}

export const teamPlayersQueryOptions = (leagueId: string, teamName: string) =>
  queryOptions({
    queryKey: adminKeys.teamPlayers(leagueId, teamName),
    queryFn: () => getTeamPlayers(leagueId, teamName),
    staleTime: ADMIN_STALE_TIME.players,
  });

export function useTeamPlayers(leagueId: string, teamName: string, enabled = true) {
  return useQuery({ ...teamPlayersQueryOptions(leagueId, teamName), enabled });
}
