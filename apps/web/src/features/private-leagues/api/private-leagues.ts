import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { apiFetch } from '@/lib/api-client';
import { STALE_TIME } from '@/lib/query-keys';

export interface PrivateLeague {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  memberCount: number;
  isOwner: boolean;
  ownerUsername: string;
  /** only for the owner */
  inviteCode: string | null;
  createdAt: string;
}

export interface InvitePreview {
  id: string;
  name: string;
  leagueId: string;
  leagueName: string;
  leagueStatus: string;
  rulesRequired: boolean;
  ownerUsername: string;
  memberCount: number;
  isMember: boolean;
  hasRoster: boolean;
}

export interface PrivateLeaderboardEntry {
  position: number;
  rosterId: string;
  userId: string;
  username: string;
  totalPoints: number;
  weekPoints: number | null;
  playerCount: number;
  championCount: number;
  pandaCoin: number;
  burroCoin: number;
  isMe: boolean;
}

export interface PrivateLeaderboardPage {
  privateLeague: { id: string; name: string; leagueId: string; leagueName: string };
  week: { name: string; weekNumber: number } | null;
  participantCount: number;
  entries: PrivateLeaderboardEntry[];
  nextCursor: string | null;
  me: PrivateLeaderboardEntry | null;
}

const keys = {
  all: () => ['private-leagues'] as const,
  mine: () => ['private-leagues', 'mine'] as const,
  members: (id: string) => ['private-leagues', id, 'members'] as const,
  leaderboard: (id: string) => ['private-leagues', id, 'leaderboard'] as const,
  invite: (code: string) => ['private-leagues', 'invite', code] as const,
};

/** The link a friend opens to join. */
export const inviteLink = (code: string) =>
  `${window.location.origin}${paths.privateLeagueInvite.getHref(code)}`;

export const myPrivateLeaguesQuery = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: () =>
      apiFetch<{ privateLeagues: PrivateLeague[] }>('/api/private-leagues').then((r) => r.privateLeagues),
    staleTime: STALE_TIME.rosters,
  });

export const useMyPrivateLeagues = () => useQuery(myPrivateLeaguesQuery());

export const useMembers = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.members(id),
    queryFn: () =>
      apiFetch<{ members: { userId: string; username: string; isOwner: boolean }[] }>(
        `/api/private-leagues/${encodeURIComponent(id)}/members`,
      ).then((r) => r.members),
    enabled,
  });

export const useInvitePreview = (code: string, enabled = true) =>
  useQuery({
    queryKey: keys.invite(code),
    queryFn: () =>
      apiFetch<{ privateLeague: InvitePreview }>(
        `/api/private-leagues/invite/${encodeURIComponent(code)}`,
      ).then((r) => r.privateLeague),
    enabled,
    retry: false,
  });

export const PRIVATE_LEADERBOARD_PAGE_SIZE = 50;

export const privateLeaderboardQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: keys.leaderboard(id),
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(PRIVATE_LEADERBOARD_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return apiFetch<PrivateLeaderboardPage>(
        `/api/private-leagues/${encodeURIComponent(id)}/leaderboard?${params}`,
      );
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: STALE_TIME.rosters,
  });

export const usePrivateLeaderboard = (id: string) => useInfiniteQuery(privateLeaderboardQuery(id));

/** Every private-league mutation changes the lists, counts and rankings: they are refetched together. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all() });
}

export function useCreatePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ leagueId, name }: { leagueId: string; name: string }) =>
      apiFetch<{ privateLeague: PrivateLeague }>(
        `/api/leagues/${encodeURIComponent(leagueId)}/private-leagues`,
        { method: 'POST', body: { name } },
      ).then((r) => r.privateLeague),
    onSuccess: invalidate,
  });
}

export function useJoinPrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (code: string) =>
      apiFetch<{ message: string; privateLeague: PrivateLeague }>(
        `/api/private-leagues/invite/${encodeURIComponent(code)}/join`,
        { method: 'POST' },
      ),
    onSuccess: invalidate,
  });
}

export function useRenamePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch<{ privateLeague: PrivateLeague }>(`/api/private-leagues/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { name },
      }),
    onSuccess: invalidate,
  });
}

export function useRegenerateInviteCode() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ inviteCode: string }>(`/api/private-leagues/${encodeURIComponent(id)}/invite-code`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string }) =>
      apiFetch<{ message: string }>(
        `/api/private-leagues/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: invalidate,
  });
}

export function useLeavePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/private-leagues/${encodeURIComponent(id)}/leave`, {
        method: 'POST',
      }),
    onSuccess: invalidate,
  });
}

export function useDeletePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/private-leagues/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
