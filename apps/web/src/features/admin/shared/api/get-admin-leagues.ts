import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiSchema } from '@/lib/api/client';
import { api } from '@/lib/api/client';
import { ADMIN_STALE_TIME, adminKeys } from './admin-keys';

type AdminLeague = ApiSchema<'AdminLeague'>;

/** Every league by name, with participant count and phases. */
export async function getAdminLeagues(): Promise<AdminLeague[]> {
  const { leagues } = await api.get('/api/admin/leagues');
  return leagues;
}

export const adminLeaguesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.leagues(),
    queryFn: getAdminLeagues,
    staleTime: ADMIN_STALE_TIME.leagues,
  });

export function useAdminLeagues() {
  return useQuery(adminLeaguesQueryOptions());
}
