import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from '@/features/admin/shared/api/admin-keys';

/** After a team changes (added, renamed, deleted): team views, the league's team list, players. */
export function invalidateTeams(queryClient: QueryClient, leagueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.teams() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.teamPlayers() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.players() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.league(leagueId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.phases(leagueId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.leagues() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
    queryClient.invalidateQueries({ queryKey: PARTICIPANT_LEAGUES_KEY }),
  ]);
}

/** After a player moves between teams or is edited: player lists and per-team counts. */
export function invalidatePlayers(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.players() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.teamPlayers() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.teams() }),
  ]);
}
