import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';

/** GET /api/admin/overview: the dashboard counts. */
export interface AdminOverview {
  leagues: number;
  users: number;
  rosters: number;
  players: number;
  champions: number;
  teams: number;
  weeks: number;
  matches: number;
  scoringRules: number;
  weeklyRewards: number;
  snapshots: number;
}

export function getOverview(): Promise<AdminOverview> {
  return apiFetch<AdminOverview>('/api/admin/overview');
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
