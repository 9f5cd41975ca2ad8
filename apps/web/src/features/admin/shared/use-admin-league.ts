import { useLeagues } from '@/api/get-leagues';
import { useLeagueParam } from '@/hooks/use-league-param';

/** The league chosen on an admin page, kept in `?league=` so a reload or a shared link keeps it. */
export function useAdminLeague() {
  const leaguesQuery = useLeagues();
  const [requestedId, setLeagueId] = useLeagueParam();
  const leagues = leaguesQuery.data ?? [];
  const league = leagues.find((l) => l.id === requestedId);
  return { leaguesQuery, leagues, league, setLeagueId };
}
