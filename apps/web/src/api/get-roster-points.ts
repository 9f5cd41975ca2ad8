import type { PointsLineKind, Role } from '@fantarift/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** GET /api/leagues/{id}/my-roster/points and /rosters/{id}/points: why a roster scored what it scored. */
export interface PointsLine {
  kind: PointsLineKind;
  label: string;
  count: number | null;
  per: number | null;
  points: number;
}

export interface ExplainedGame {
  gameNumber: number;
  teamName: string;
  teamWon: boolean;
  champion: { id: string; name: string; tier: number } | null;
  championStatus: 'held' | 'boughtAfterStart' | 'notHeld' | null;
  gamePoints: number;
  lines: PointsLine[];
  championBonus: { matchBonus: number; winBonus: number } | null;
  points: number;
}

export interface ExplainedPlayer {
  playerId: string;
  name: string;
  team: string;
  role: Role;
  status: 'held' | 'boughtAfterStart';
  seriesMvpPoints: number | null;
  points: number;
  games: ExplainedGame[];
}

export interface ExplainedMatch {
  matchId: string;
  date: string;
  team1: string;
  team2: string;
  matchFormat: number;
  gamesPlayed: number | null;
  winner: string | null;
  points: number;
  lateChampions: { championId: string; name: string; playerName: string }[];
  players: ExplainedPlayer[];
}

export interface ExplainedWeek {
  weekId: string;
  weekNumber: number;
  name: string;
  points: number;
  unexplained: number;
  matches: ExplainedMatch[];
}

export interface RosterPoints {
  rosterId: string;
  username: string;
  weeks: ExplainedWeek[];
  weeksTotal: number;
  adjustment: number;
  totalPoints: number;
}

/** My roster's breakdown when `rosterId` is omitted, else any roster of the league (from the leaderboard). */
export async function getRosterPoints(leagueId: string, rosterId?: string): Promise<RosterPoints> {
  const league = encodeURIComponent(leagueId);
  const path = rosterId
    ? `/api/leagues/${league}/rosters/${encodeURIComponent(rosterId)}/points`
    : `/api/leagues/${league}/my-roster/points`;
  const { points } = await apiFetch<{ points: RosterPoints }>(path);
  return points;
}

export const rosterPointsQueryOptions = (leagueId: string, rosterId?: string) =>
  queryOptions({
    queryKey: queryKeys.rosterPoints(leagueId, rosterId ?? 'mine'),
    queryFn: () => getRosterPoints(leagueId, rosterId),
    staleTime: STALE_TIME.rosters,
  });

export function useRosterPoints(leagueId: string, rosterId?: string) {
  return useQuery(rosterPointsQueryOptions(leagueId, rosterId));
}
