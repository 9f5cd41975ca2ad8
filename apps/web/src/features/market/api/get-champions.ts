import type { Role } from '@fantarift/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';
import { compactFilters } from './get-players';

export interface ChampionFilters {
  search?: string;
  role?: Role;
  tier?: number;
}

export type CatalogueChampion = ApiSchema<'CatalogueChampion'>;

/** Every champion (by name) with the market filters; the league gives its performance links. */
export async function getChampions(leagueId: string, filters: ChampionFilters = {}) {
  const { champions } = await api.get('/api/champions', { query: compactFilters({ leagueId, ...filters }) });
  return champions;
}

export const championsQueryOptions = (leagueId: string, filters: ChampionFilters = {}) => {
  const compact = compactFilters(filters);
  return queryOptions({
    queryKey: queryKeys.champions(leagueId, compact),
    queryFn: () => getChampions(leagueId, compact),
    staleTime: STALE_TIME.champions,
  });
};

export function useChampions(leagueId: string, filters: ChampionFilters, enabled = true) {
  return useQuery({
    ...championsQueryOptions(leagueId, filters),
    enabled,
    placeholderData: keepPreviousData,
  });
}
