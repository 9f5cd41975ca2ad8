import type { Role } from '@fantarift/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** GET /api/leagues/{id}/players/{playerId}: the player dialog's data. */
export interface PlayerCard {
  player: {
    id: string;
    name: string;
    team: string;
    role: Role;
    tier: number;
    cost: number;
    imageUrl: string | null;
  };
  recentMatches: {
    matchId: string;
    date: string;
    opponent: string;
    games: { gameNumber: number; championName: string | null; points: number }[];
    points: number;
  }[];
  gamesPlayed: number;
  averagePerGame: number | null;
  upcoming: { id: string; date: string; team1: string; team2: string; matchFormat: number }[];
  ownership: { holders: number; participants: number; percent: number };
}

export async function getPlayerCard(leagueId: string, playerId: string): Promise<PlayerCard> {
  return apiFetch<PlayerCard>(
    `/api/leagues/${encodeURIComponent(leagueId)}/players/${encodeURIComponent(playerId)}`,
  );
}

export const playerCardQueryOptions = (leagueId: string, playerId: string) =>
  queryOptions({
    queryKey: queryKeys.playerCard(leagueId, playerId),
    queryFn: () => getPlayerCard(leagueId, playerId),
    staleTime: STALE_TIME.rosters,
  });

export function usePlayerCard(leagueId: string, playerId: string | null) {
  return useQuery({ ...playerCardQueryOptions(leagueId, playerId ?? ''), enabled: Boolean(playerId) });
}
