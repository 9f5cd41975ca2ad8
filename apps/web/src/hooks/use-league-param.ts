import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The `?league=` query parameter of Roster, Market and Leaderboard, and a setter that keeps the others. */
export function useLeagueParam() {
  const [params, setParams] = useSearchParams();
  const leagueId = params.get('league') ?? undefined;
  const setLeagueId = useCallback(
    (id: string) =>
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('league', id);
        return next;
      }),
    [setParams],
  );
  return [leagueId, setLeagueId] as const;
}

/** The league a page shows: the one in the address, else the first joined one, else the first. */
export function pickLeague<T extends { id: string; joined: boolean }>(
  leagues: readonly T[],
  requestedId: string | undefined,
): T | undefined {
  return (
    leagues.find((league) => league.id === requestedId) ??
    leagues.find((league) => league.joined) ??
    leagues[0]
  );
}
