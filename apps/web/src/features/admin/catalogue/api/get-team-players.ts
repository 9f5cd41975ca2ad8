import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import { teamUrl } from './team-url';
import type { TeamPlayer } from './types';

export interface TeamPlayers {
  players: TeamPlayer[];
  availablePlayers: TeamPlayer[];
}

/** The team player manager's two tabs. */
export function getTeamPlayers(leagueId: string, teamName: string): Promise<TeamPlayers> {
  return apiFetch<TeamPlayers>(`${teamUrl(leagueId, teamName)}/players`);
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
