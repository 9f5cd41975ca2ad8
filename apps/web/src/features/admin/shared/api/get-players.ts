import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiQuery, api } from '@/lib/api/client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';
import { type AdminPlayer, filterQuery, type PlayerFilters } from './catalogue-types';

/** Players by tier then name, filtered on the server. */
export async function getAdminPlayers(filters: PlayerFilters): Promise<AdminPlayer[]> {
  const { players } = await api.get('/api/admin/players', {
    query: filterQuery<ApiQuery<'get', '/api/admin/players'>>(filters),
  });
  return players;
}

export const adminPlayersQueryOptions = (filters: PlayerFilters) =>
  queryOptions({
    queryKey: adminKeys.players(filters),
    queryFn: () => getAdminPlayers(filters),
    staleTime: ADMIN_STALE_TIME.players,
    placeholderData: keepPreviousData,
  });

export function useAdminPlayers(filters: PlayerFilters, enabled = true) {
  return useQuery({ ...adminPlayersQueryOptions(filters), enabled });
}
