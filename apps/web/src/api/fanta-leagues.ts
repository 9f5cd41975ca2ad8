import { MESSAGES } from '@fantarift/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiBody, type ApiSchema, api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';

export type FantaLeague = ApiSchema<'FantaLeague'>;
export type FantaAuction = ApiSchema<'FantaAuction'>;
export type FantaPlayer = ApiSchema<'FantaPlayer'>;
export type FantaHistoryEntry = ApiSchema<'FantaHistoryEntry'>;
export type FantaSettings = ApiBody<'patch', '/api/fanta-leagues/{id}'>;
export type FantaLineup = ApiSchema<'FantaLineup'>;
export type FantaStandings = ApiSchema<'FantaStandings'>;
export type LineupBody = ApiBody<'put', '/api/fanta-leagues/{id}/lineup'>;

export const fantaKeys = {
  all: () => ['fanta-leagues'] as const,
  mine: () => ['fanta-leagues', 'mine'] as const,
  league: (id: string) => ['fanta-leagues', id, 'league'] as const,
  auction: (id: string) => ['fanta-leagues', id, 'auction'] as const,
  players: (id: string) => ['fanta-leagues', id, 'players'] as const,
  history: (id: string) => ['fanta-leagues', id, 'history'] as const,
  lineup: (id: string, weekId?: string) => ['fanta-leagues', id, 'lineup', weekId ?? 'next'] as const,
  standings: (id: string) => ['fanta-leagues', id, 'standings'] as const,
};

/** The server's refusal (already in Italian), or the generic error. */
export const fantaErrorMessage = (error: unknown) =>
  error instanceof ApiError && error.isClientError && error.message
    ? error.message
    : MESSAGES.common.unexpectedError;

export const useMyFantaLeagues = () =>
  useQuery({
    queryKey: fantaKeys.mine(),
    queryFn: () => api.get('/api/fanta-leagues').then((r) => r.fantaLeagues),
  });

export const useFantaLeague = (id: string) =>
  useQuery({
    queryKey: fantaKeys.league(id),
    queryFn: () => api.get('/api/fanta-leagues/{id}', { params: { id } }).then((r) => r.fantaLeague),
  });

/**
 * The auction's state with the offset of the server's clock: `offsetMs` is what to add to the browser's
 * clock to read the server's, measured on this answer (its serverNow against the request's midpoint).
 */
export type AuctionWithClock = FantaAuction & { offsetMs: number };

export async function fetchAuction(id: string): Promise<AuctionWithClock> {
  const sent = Date.now();
  const auction = await api.get('/api/fanta-leagues/{id}/auction', { params: { id } });
  const received = Date.now();
  return { ...auction, offsetMs: Date.parse(auction.serverNow) - (sent + received) / 2 };
}

export const useFantaAuction = (id: string) =>
  useQuery({ queryKey: fantaKeys.auction(id), queryFn: () => fetchAuction(id), staleTime: 0 });

export const useFantaPlayers = (id: string) =>
  useQuery({
    queryKey: fantaKeys.players(id),
    queryFn: () => api.get('/api/fanta-leagues/{id}/players', { params: { id } }).then((r) => r.players),
  });

export const useFantaHistory = (id: string) =>
  useQuery({
    queryKey: fantaKeys.history(id),
    queryFn: () => api.get('/api/fanta-leagues/{id}/history', { params: { id } }).then((r) => r.history),
  });

/** Every Lega Fanta change may move credits, squads and the lot: its queries are refetched together. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fantaKeys.all() });
}

export function useCreateFantaLeague() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({
      leagueId,
      ...body
    }: ApiBody<'post', '/api/leagues/{leagueId}/fanta-leagues'> & { leagueId: string }) =>
      api
        .post('/api/leagues/{leagueId}/fanta-leagues', { params: { leagueId }, body })
        .then((r) => r.fantaLeague),
    onSuccess: invalidate,
  });
}

export function useJoinFantaLeague() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (code: string) =>
      api.post('/api/fanta-leagues/invite/{code}/join', { params: { code } }).then((r) => r.fantaLeague),
    onSuccess: invalidate,
  });
}

export function useUpdateFantaSettings(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FantaSettings) => api.patch('/api/fanta-leagues/{id}', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

const OWNER_ACTIONS = {
  start: '/api/fanta-leagues/{id}/auction/start',
  pause: '/api/fanta-leagues/{id}/auction/pause',
  resume: '/api/fanta-leagues/{id}/auction/resume',
  skip: '/api/fanta-leagues/{id}/auction/skip',
  end: '/api/fanta-leagues/{id}/auction/end',
  undo: '/api/fanta-leagues/{id}/auction/undo',
  repair: '/api/fanta-leagues/{id}/auction/repair',
} as const;
export type OwnerAction = keyof typeof OWNER_ACTIONS;

/** The banditore's buttons: start, pause, resume, skip a turn, end, undo, open the repair auction. */
export function useOwnerAction(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: OwnerAction) => api.post(OWNER_ACTIONS[action], { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useNominate(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { playerId: string; bid: number }) =>
      api.post('/api/fanta-leagues/{id}/auction/nominate', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useBid(id: string) {
  return useMutation({
    mutationFn: (body: { playerId: string; bid: number }) =>
      api.post('/api/fanta-leagues/{id}/auction/bid', { params: { id }, body }),
  });
}

export function useAssignOffline(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { playerId: string; userId: string; price: number }) =>
      api.post('/api/fanta-leagues/{id}/auction/assign', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useRelease(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (playerId: string) =>
      api.post('/api/fanta-leagues/{id}/release', { params: { id }, body: { playerId } }),
    onSuccess: invalidate,
  });
}

/**
 * My line-up of a week (none named: the next one to set) with the offset of the server's clock, measured on
 * this answer as the auction's is, so the lock countdown reads the server's clock.
 */
export const useFantaLineup = (id: string, weekId?: string) =>
  useQuery({
    queryKey: fantaKeys.lineup(id, weekId),
    queryFn: async () => {
      const sent = Date.now();
      const { lineup } = await api.get('/api/fanta-leagues/{id}/lineup', {
        params: { id },
        query: weekId ? { weekId } : {},
      });
      return { ...lineup, offsetMs: Date.parse(lineup.serverNow) - (sent + Date.now()) / 2 };
    },
  });

export function useSaveLineup(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: LineupBody) => api.put('/api/fanta-leagues/{id}/lineup', { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** The table: live while the week's matches are saved (refetched every minute and on focus). */
export const useFantaStandings = (id: string, enabled = true) =>
  useQuery({
    queryKey: fantaKeys.standings(id),
    queryFn: () => api.get('/api/fanta-leagues/{id}/standings', { params: { id } }),
    refetchInterval: 60_000,
    enabled,
  });

export type FantaWeekBreakdown = ApiSchema<'FantaWeekBreakdown'>;

/** A manager's week opened up (once the week has locked). */
export const useFantaBreakdown = (id: string, weekId: string | undefined, userId: string | undefined) =>
  useQuery({
    queryKey: [...fantaKeys.standings(id), weekId, userId] as const,
    queryFn: () =>
      api.get('/api/fanta-leagues/{id}/weeks/{weekId}/managers/{userId}', {
        params: { id, weekId: weekId!, userId: userId! },
      }),
    enabled: Boolean(weekId && userId),
  });
