import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { type ApiResponse, api } from '@/lib/api/client';

/** GET /api/admin/overview: the dashboard counts. */
export type AdminOverview = ApiResponse<'get', '/api/admin/overview'>;

export function getOverview(): Promise<AdminOverview> {
  return api.get('/api/admin/overview');
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview(),
    queryFn: getOverview,
    staleTime: ADMIN_STALE_TIME.overview,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
