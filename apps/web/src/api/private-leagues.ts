import { MESSAGES } from '@fantarift/core';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { type ApiResponse, type ApiSchema, api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { STALE_TIME } from '@/lib/query-keys';

export type PrivateLeague = ApiSchema<'PrivateLeague'>;

export type InvitePreview = ApiSchema<'PrivateLeagueInvite'>;

export type PrivateLeaderboardEntry = ApiSchema<'PrivateLeaderboardEntry'>;

export type PrivateLeaderboardPage = ApiResponse<'get', '/api/private-leagues/{id}/leaderboard'>;

export type H2hCalendar = ApiSchema<'H2hCalendar'>;
export type H2hRound = H2hCalendar['rounds'][number];
export type H2hFixture = H2hRound['fixtures'][number];
export type H2hTableRow = ApiSchema<'H2hTable'>['rows'][number];
export type H2hSettings = NonNullable<PrivateLeague['h2h']>;
export type CreatePrivateLeague = {
  leagueId: string;
  name: string;
  format: PrivateLeague['format'];
  h2h?: Omit<H2hSettings, 'calendarGenerated'>;
};

const keys = {
  all: () => ['private-leagues'] as const,
  mine: () => ['private-leagues', 'mine'] as const,
  members: (id: string) => ['private-leagues', id, 'members'] as const,
  leaderboard: (id: string) => ['private-leagues', id, 'leaderboard'] as const,
  invite: (code: string) => ['private-leagues', 'invite', code] as const,
  // under the official league's leaderboard family: a points or week event refetches them (live-events.ts)
  h2h: (leagueId: string, id: string) => ['leaderboard', leagueId, 'h2h', id] as const,
  bands: (leagueId: string) => ['private-leagues', 'bands', leagueId] as const,
};

/** The server's refusal of a private-league call (already in Italian), or the generic error. */
export const privateLeagueErrorMessage = (error: unknown) =>
  error instanceof ApiError && error.isClientError && error.message
    ? error.message
    : MESSAGES.common.unexpectedError;

/** The link a friend opens to join. */
export const inviteLink = (code: string) =>
  `${window.location.origin}${paths.privateLeagueInvite.getHref(code)}`;

export const myPrivateLeaguesQuery = () =>
  queryOptions({
    queryKey: keys.mine(),
    queryFn: () => api.get('/api/private-leagues').then((r) => r.privateLeagues),
    staleTime: STALE_TIME.rosters,
  });

export const useMyPrivateLeagues = () => useQuery(myPrivateLeaguesQuery());

export const useMembers = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.members(id),
    queryFn: () => api.get('/api/private-leagues/{id}/members', { params: { id } }).then((r) => r.members),
    enabled,
  });

export const useInvitePreview = (code: string, enabled = true) =>
  useQuery({
    queryKey: keys.invite(code),
    queryFn: () =>
      api.get('/api/private-leagues/invite/{code}', { params: { code } }).then((r) => r.privateLeague),
    enabled,
    retry: false,
  });

export const PRIVATE_LEADERBOARD_PAGE_SIZE = 50;

export const privateLeaderboardQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: keys.leaderboard(id),
    queryFn: ({ pageParam }) =>
      api.get('/api/private-leagues/{id}/leaderboard', {
        params: { id },
        query: { limit: PRIVATE_LEADERBOARD_PAGE_SIZE, cursor: pageParam || undefined },
      }),
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
    mutationFn: ({ leagueId, ...body }: CreatePrivateLeague) =>
      api
        .post('/api/leagues/{leagueId}/private-leagues', { params: { leagueId }, body })
        .then((r) => r.privateLeague),
    onSuccess: invalidate,
  });
}

/** The bands the official league's latest week suggests (the creation form's starting values). */
export const useSuggestedBands = (leagueId: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.bands(leagueId),
    queryFn: () => api.get('/api/leagues/{leagueId}/private-leagues/h2h-bands', { params: { leagueId } }),
    enabled: enabled && Boolean(leagueId),
    staleTime: STALE_TIME.rosters,
  });

export const useH2hCalendar = (leagueId: string, id: string) =>
  useQuery({
    queryKey: [...keys.h2h(leagueId, id), 'calendar'],
    queryFn: () => api.get('/api/private-leagues/{id}/calendar', { params: { id } }),
  });

export const useH2hTable = (leagueId: string, id: string) =>
  useQuery({
    queryKey: [...keys.h2h(leagueId, id), 'table'],
    queryFn: () => api.get('/api/private-leagues/{id}/table', { params: { id } }).then((r) => r.rows),
  });

/** A change of the calendar or its rule: the lists (the card's state) and the league's head-to-head pages. */
function useInvalidateH2h() {
  const queryClient = useQueryClient();
  return (leagueId: string, id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keys.all() }),
      queryClient.invalidateQueries({ queryKey: keys.h2h(leagueId, id) }),
    ]);
}

export function useGenerateCalendar() {
  const invalidate = useInvalidateH2h();
  return useMutation({
    mutationFn: (pl: { id: string; leagueId: string }) =>
      api.post('/api/private-leagues/{id}/calendar', { params: { id: pl.id } }),
    onSuccess: (_data, pl) => invalidate(pl.leagueId, pl.id),
  });
}

export function useUpdateH2hSettings() {
  const invalidate = useInvalidateH2h();
  return useMutation({
    mutationFn: ({
      id,
      settings,
    }: {
      id: string;
      leagueId: string;
      settings: Omit<H2hSettings, 'calendarGenerated'>;
    }) => api.put('/api/private-leagues/{id}/h2h', { params: { id }, body: settings }),
    onSuccess: (_data, pl) => invalidate(pl.leagueId, pl.id),
  });
}

export function useJoinPrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (code: string) => api.post('/api/private-leagues/invite/{code}/join', { params: { code } }),
    onSuccess: invalidate,
  });
}

export function useRenamePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.patch('/api/private-leagues/{id}', { params: { id }, body: { name } }),
    onSuccess: invalidate,
  });
}

export function useRegenerateInviteCode() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/private-leagues/{id}/invite-code', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ id, userId }: { id: string; userId: string }) =>
      api.delete('/api/private-leagues/{id}/members/{userId}', { params: { id, userId } }),
    onSuccess: invalidate,
  });
}

export function useLeavePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.post('/api/private-leagues/{id}/leave', { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeletePrivateLeague() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (id: string) => api.delete('/api/private-leagues/{id}', { params: { id } }),
    onSuccess: invalidate,
  });
}
