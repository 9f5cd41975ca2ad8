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
