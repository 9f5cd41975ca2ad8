import type { Role } from '@fantarift/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export interface PlayerFilters {
  search?: string;
  role?: Role;
  tier?: number;
  team?: string;
}

export interface CataloguePlayer {
  id: string;
  name: string;
  team: string;
  role: Role;
  tier: number;
  cost: number;
  region: string | null;
  imageUrl: string | null;
  performanceUrl: string | null;
  /** The player's team takes part in the league's current phase. */
  suggested: boolean;
}

export interface PlayersResponse {
  players: CataloguePlayer[];
  teams: string[];
  currentPhase: { name: string; participatingTeams: string[] } | null;
}

/** Only the filters that are set, so equal filters give equal query keys and URLs. */
export function compactFilters<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

export function toSearchParams(filters: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(compactFilters(filters))) params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Players tradable in the league, by tier (desc) then name, with the market filters. */
export function getPlayers(leagueId: string, filters: PlayerFilters = {}): Promise<PlayersResponse> {
  return apiFetch<PlayersResponse>(
    `/api/leagues/${encodeURIComponent(leagueId)}/players${toSearchParams(filters)}`,
  );
}

export const playersQueryOptions = (leagueId: string, filters: PlayerFilters = {}) => {
  const compact = compactFilters(filters);
  return queryOptions({
    queryKey: queryKeys.players(leagueId, compact),
    queryFn: () => getPlayers(leagueId, compact),
    staleTime: STALE_TIME.players,
  });
};

export function usePlayers(leagueId: string, filters: PlayerFilters, enabled = true) {
  return useQuery({
    ...playersQueryOptions(leagueId, filters),
    enabled,
    // Changing a filter keeps the previous list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}
