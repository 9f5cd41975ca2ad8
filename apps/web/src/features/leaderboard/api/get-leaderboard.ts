import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

export interface LeaderboardEntry {
  position: number;
  rosterId: string;
  userId: string;
  username: string;
  totalPoints: number;
  playerCount: number;
  championCount: number;
  pandaCoin: number;
  burroCoin: number;
  isMe: boolean;
}

export interface LeaderboardPage {
  league: { id: string; name: string; status: string; marketOpen: boolean };
  participantCount: number;
  entries: LeaderboardEntry[];
  nextCursor: string | null;
  me: LeaderboardEntry | null;
  rewardTiers: { tier: string; amount: number; description: string }[];
}

export const LEADERBOARD_PAGE_SIZE = 50;

export function getLeaderboard(leagueId: string, cursor?: string | null): Promise<LeaderboardPage> {
  const params = new URLSearchParams({ limit: String(LEADERBOARD_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiFetch<LeaderboardPage>(`/api/leagues/${encodeURIComponent(leagueId)}/leaderboard?${params}`);
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
