import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import { type AdminChampion, type ChampionFilters, filterParams } from './types';

/** Champions by name, filtered on the server. */
export async function getAdminChampions(filters: ChampionFilters): Promise<AdminChampion[]> {
  const { champions } = await apiFetch<{ champions: AdminChampion[] }>(
    `/api/admin/champions${filterParams(filters)}`,
  );
  return champions;
}

export const adminChampionsQueryOptions = (filters: ChampionFilters) =>
  queryOptions({
    queryKey: adminKeys.champions(filters),
    queryFn: () => getAdminChampions(filters),
    staleTime: ADMIN_STALE_TIME.champions,
    placeholderData: keepPreviousData,
  });

export function useAdminChampions(filters: ChampionFilters, enabled = true) {
  return useQuery({ ...adminChampionsQueryOptions(filters), enabled });
}
