import type { Role } from '@fantarift/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';
import { compactFilters, toSearchParams } from './get-players';

export interface ChampionFilters {
  search?: string;
  role?: Role;
  tier?: number;
}

export interface CatalogueChampion {
  id: string;
  name: string;
  tier: number;
  cost: number;
  roles: Role[];
  imageUrl: string | null;
  performanceUrl: string | null;
}

/** Every champion (by name) with the market filters; the league gives its performance links. */
export async function getChampions(leagueId: string, filters: ChampionFilters = {}) {
  const { champions } = await apiFetch<{ champions: CatalogueChampion[] }>(
    `/api/champions${toSearchParams({ leagueId, ...filters })}`,
  );
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
