import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { type ApiResponse, type ApiSchema, api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export type LeaderboardEntry = ApiSchema<'LeaderboardEntry'>;

export type LeaderboardPage = ApiResponse<'get', '/api/leagues/{leagueId}/leaderboard'>;

export const LEADERBOARD_PAGE_SIZE = 50;

export function getLeaderboard(leagueId: string, cursor?: string | null): Promise<LeaderboardPage> {
  return api.get('/api/leagues/{leagueId}/leaderboard', {
    params: { leagueId },
    query: { limit: LEADERBOARD_PAGE_SIZE, cursor: cursor || undefined },
  });
}

export const leaderboardQueryOptions = (leagueId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.leaderboard(leagueId),
    queryFn: ({ pageParam }) => getLeaderboard(leagueId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The leaderboard lists rosters (spec §9: rosters 2 min).
    staleTime: STALE_TIME.rosters,
  });

export function useLeaderboard(leagueId: string | undefined) {
  return useInfiniteQuery({ ...leaderboardQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
