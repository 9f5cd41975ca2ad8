import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import { type ApiResponse, api } from '@/lib/api/client';

/** Rosters are fetched a page at a time: a league can have thousands. */
export const ROSTER_PAGE_SIZE = 24;

export type RosterPage = ApiResponse<'get', '/api/admin/rosters'>;

export function getRosters(filters: { leagueId?: string }, offset: number): Promise<RosterPage> {
  return api.get('/api/admin/rosters', {
    query: { limit: ROSTER_PAGE_SIZE, offset, leagueId: filters.leagueId || undefined },
  });
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
