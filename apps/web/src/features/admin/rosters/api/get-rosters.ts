import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import type { AdminRoster } from './types';

/** Rosters are fetched a page at a time: a league can have thousands. */
export const ROSTER_PAGE_SIZE = 24;

export interface RosterPage {
  rosters: AdminRoster[];
  total: number;
}

export function getRosters(filters: { leagueId?: string }, offset: number): Promise<RosterPage> {
  const params = new URLSearchParams({ limit: String(ROSTER_PAGE_SIZE), offset: String(offset) });
  if (filters.leagueId) params.set('leagueId', filters.leagueId);
  return apiFetch<RosterPage>(`/api/admin/rosters?${params}`);
}

export const rostersQueryOptions = (filters: { leagueId?: string }) =>
  infiniteQueryOptions({
    queryKey: adminKeys.rosters(filters),
    queryFn: ({ pageParam }) => getRosters(filters, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.rosters.length, 0);
      return loaded < last.total && last.rosters.length > 0 ? loaded : undefined;
    },
    staleTime: ADMIN_STALE_TIME.rosters,
  });

export function useRosters(filters: { leagueId?: string }) {
  return useInfiniteQuery(rostersQueryOptions(filters));
}
