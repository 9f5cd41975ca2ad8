import { MESSAGES } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface JoinLeagueInput {
  leagueId: string;
  /** Records the rules acceptance in the same request (rules-required leagues). */
  acceptRules?: boolean;
}

export function joinLeague({ leagueId, acceptRules }: JoinLeagueInput) {
  return api.post('/api/leagues/{leagueId}/join', {
    params: { leagueId },
    // The route always expects a JSON body, `{}` at least.
    body: acceptRules ? { acceptRules: true } : {},
  });
}

/** Spec §8: the server's refusal ("Sei già iscritto...", "Devi prima accettare...") or the generic text. */
export function joinLeagueErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.isClientError && error.message) return error.message;
  return MESSAGES.leagues.joinError;
}

export function useJoinLeague() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinLeague,
    onSuccess: (_data, { leagueId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.leagues() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.roster(leagueId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.leaderboard(leagueId) }),
      ]),
  });
}
