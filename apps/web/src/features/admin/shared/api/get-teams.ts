import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiQuery, api } from '@/lib/api/client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';
import { type AdminTeamEntry, filterQuery } from './catalogue-types';

export interface TeamFilters {
  leagueId?: string;
  search?: string;
}

export async function getTeams(filters: TeamFilters): Promise<AdminTeamEntry[]> {
  const { teams } = await api.get('/api/admin/teams', {
    query: filterQuery<ApiQuery<'get', '/api/admin/teams'>>(filters),
  });
  return teams;
}

export const teamsQueryOptions = (filters: TeamFilters) =>
  queryOptions({
    queryKey: adminKeys.teams(filters),
    queryFn: () => getTeams(filters),
    staleTime: ADMIN_STALE_TIME.teams,
    placeholderData: keepPreviousData,
  });

export function useTeams(filters: TeamFilters) {
  return useQuery(teamsQueryOptions(filters));
}
