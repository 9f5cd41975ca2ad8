import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import { type AdminTeamEntry, filterParams } from './types';

export interface TeamFilters {
  leagueId?: string;
  search?: string;
}

export async function getTeams(filters: TeamFilters): Promise<AdminTeamEntry[]> {
  const { teams } = await apiFetch<{ teams: AdminTeamEntry[] }>(`/api/admin/teams${filterParams(filters)}`);
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
