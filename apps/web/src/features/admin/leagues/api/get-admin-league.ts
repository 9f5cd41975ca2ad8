import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';
import type { AdminLeague } from './types';

export async function getAdminLeague(leagueId: string): Promise<AdminLeague> {
  const { league } = await api.get('/api/admin/leagues/{leagueId}', { params: { leagueId } });
  return league;
}

export const adminLeagueQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: adminKeys.league(leagueId),
    queryFn: () => getAdminLeague(leagueId),
    staleTime: ADMIN_STALE_TIME.leagues,
  });

export function useAdminLeague(leagueId: string | undefined) {
  return useQuery({ ...adminLeagueQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
