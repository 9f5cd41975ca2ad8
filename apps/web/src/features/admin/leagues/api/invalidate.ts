import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, PARTICIPANT_LEAGUES_KEY } from '@/features/admin/shared/api/admin-keys';

/** After a change to a league's own fields: the admin list, its detail, and the participant side's list. */
export function invalidateLeague(queryClient: QueryClient, leagueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.leagues() }),
    queryClient.invalidateQueries({ queryKey: adminKeys.league(leagueId) }),
    queryClient.invalidateQueries({ queryKey: PARTICIPANT_LEAGUES_KEY }),
  ]);
}

/** After a change to a league's phases: the phase list, and the league views that show them. */
export function invalidatePhases(queryClient: QueryClient, leagueId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.phases(leagueId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.league(leagueId) }),
    queryClient.invalidateQueries({ queryKey: adminKeys.leagues() }),
  ]);
}
