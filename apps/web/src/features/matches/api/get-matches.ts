import type { Role } from '@fantarift/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export interface LeagueMatch {
  id: string;
  weekId: string;
  date: string;
  team1: string;
  team2: string;
  matchDay: number;
  matchFormat: number;
  completed: boolean;
  gamesPlayed: number | null;
  winner: string | null;
  score: { team1: number; team2: number } | null;
}

export interface MatchWeek {
  id: string;
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
  isClosed: boolean;
  matches: LeagueMatch[];
}

export interface MatchDetail {
  match: LeagueMatch;
  seriesMvp: { playerId: string; name: string } | null;
  games: {
    gameNumber: number;
    winner: string | null;
    players: {
      playerId: string;
      name: string;
      team: string;
      role: Role;
      champion: { id: string; name: string; tier: number } | null;
      kills: number;
      deaths: number;
      assists: number;
      cs: number;
      doubleKills: number;
      tripleKills: number;
      quadraKills: number;
      pentaKills: number;
      jungleSteals: number;
      mvp: boolean;
      points: number;
    }[];
  }[];
}

/** GET /api/leagues/{id}/matches: the league's weeks with their real matches. */
export async function getMatches(leagueId: string): Promise<MatchWeek[]> {
  const { weeks } = await apiFetch<{ weeks: MatchWeek[] }>(
    `/api/leagues/${encodeURIComponent(leagueId)}/matches`,
  );
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
  return apiFetch<MatchDetail>(
    `/api/leagues/${encodeURIComponent(leagueId)}/matches/${encodeURIComponent(matchId)}`,
  );
}

export function useMatch(leagueId: string, matchId: string | null) {
  return useQuery({
    queryKey: queryKeys.match(leagueId, matchId ?? ''),
    queryFn: () => getMatch(leagueId, matchId ?? ''),
    staleTime: STALE_TIME.leagues,
    enabled: Boolean(matchId),
  });
}
