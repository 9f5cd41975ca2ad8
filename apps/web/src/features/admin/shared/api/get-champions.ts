import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiQuery, api } from '@/lib/api/client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';
import { type AdminChampion, type ChampionFilters, filterQuery } from './catalogue-types';

/** Champions by name, filtered on the server. */
export async function getAdminChampions(filters: ChampionFilters): Promise<AdminChampion[]> {
  const { champions } = await api.get('/api/admin/champions', {
    query: filterQuery<ApiQuery<'get', '/api/admin/champions'>>(filters),
  });
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
