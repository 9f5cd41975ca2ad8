import { MESSAGES } from '@fantarift/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** GET /api/leagues/{id}/my-roster/captain: my captain and vice for the next week not locked (issue 29). */
export type Captain = ApiSchema<'RosterCaptain'>;

export const captainQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: queryKeys.captain(leagueId),
    queryFn: () => api.get('/api/leagues/{leagueId}/my-roster/captain', { params: { leagueId } }),
    staleTime: STALE_TIME.rosters,
  });

/** Off (no request) for a league the user has not joined. */
export function useCaptain(leagueId: string | undefined, enabled = true) {
  return useQuery({ ...captainQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) && enabled });
}

/** Whether the page should say "scegli il capitano": the league has one, a lock is ahead, none is chosen. */
export const captainNeeded = (c: Captain | undefined) =>
  Boolean(c && c.multiplier !== 1 && c.locksAt !== null && c.captainPlayerId === null);

export interface CaptainChoice {
  leagueId: string;
  captainPlayerId: string;
  viceCaptainPlayerId: string | null;
}

export function captainErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.common.unexpectedError;
}

/** PUT the choice; the answer is the new state, and the home's "scegli il capitano" may change with it. */
export function useChooseCaptain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ leagueId, ...body }: CaptainChoice) =>
      api.put('/api/leagues/{leagueId}/my-roster/captain', { params: { leagueId }, body }),
    onSuccess: (answer, { leagueId }) => {
      queryClient.setQueryData(queryKeys.captain(leagueId), answer);
      void queryClient.invalidateQueries({ queryKey: ['home-summary'] });
    },
  });
}
