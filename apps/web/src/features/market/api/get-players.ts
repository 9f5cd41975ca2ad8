import type { Role } from '@fantarift/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, type ApiSchema, api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export interface PlayerFilters {
  search?: string;
  role?: Role;
  tier?: number;
  team?: string;
}

export type CataloguePlayer = ApiSchema<'CataloguePlayer'>;

export type PlayersResponse = ApiResponse<'get', '/api/leagues/{leagueId}/players'>;

/** Only the filters that are set, so equal filters give equal query keys and URLs. */
export function compactFilters<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as Partial<T>;
}

/** Players tradable in the league, by tier (desc) then name, with the market filters. */
export function getPlayers(leagueId: string, filters: PlayerFilters = {}): Promise<PlayersResponse> {
  return api.get('/api/leagues/{leagueId}/players', { params: { leagueId }, query: compactFilters(filters) });
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
