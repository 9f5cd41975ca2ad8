import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, type ApiSchema, api } from '@/lib/api/client';

import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export type LeagueMatch = ApiSchema<'LeagueMatch'>;

export type MatchWeek = ApiResponse<'get', '/api/leagues/{leagueId}/matches'>['weeks'][number];

export type MatchDetail = ApiResponse<'get', '/api/leagues/{leagueId}/matches/{matchId}'>;

/** GET /api/leagues/{id}/matches: the league's weeks with their real matches. */
export async function getMatches(leagueId: string): Promise<MatchWeek[]> {
  const { weeks } = await api.get('/api/leagues/{leagueId}/matches', { params: { leagueId } });
  return weeks;
}

export const matchesQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.matches(leagueId),
    queryFn: () => getMatches(leagueId),
    // spec §9: matches and stats are fresh for 5 minutes
    staleTime: STALE_TIME.leagues,
  });

export function useMatches(leagueId: string) {
  return useQuery(matchesQueryOptions(leagueId));
}

/** GET /api/leagues/{id}/matches/{matchId}: one match's games with every player's statistics and points. */
export async function getMatch(leagueId: string, matchId: string): Promise<MatchDetail> {
  return api.get('/api/leagues/{leagueId}/matches/{matchId}', { params: { leagueId, matchId } });
}

export function useMatch(leagueId: string, matchId: string | null) {
  return useQuery({
    queryKey: queryKeys.match(leagueId, matchId ?? ''),
    queryFn: () => getMatch(leagueId, matchId ?? ''),
    staleTime: STALE_TIME.leagues,
    enabled: Boolean(matchId),
  });
}
