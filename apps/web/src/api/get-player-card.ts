import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiResponse, api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** GET /api/leagues/{id}/players/{playerId}: the player dialog's data. */
export type PlayerCard = ApiResponse<'get', '/api/leagues/{leagueId}/players/{playerId}'>;

export async function getPlayerCard(leagueId: string, playerId: string): Promise<PlayerCard> {
  return api.get('/api/leagues/{leagueId}/players/{playerId}', { params: { leagueId, playerId } });
}

export const playerCardQueryOptions = (leagueId: string, playerId: string) =>
  queryOptions({
    queryKey: queryKeys.playerCard(leagueId, playerId),
    queryFn: () => getPlayerCard(leagueId, playerId),
    staleTime: STALE_TIME.rosters,
  });

export function usePlayerCard(leagueId: string, playerId: string | null) {
  return useQuery({ ...playerCardQueryOptions(leagueId, playerId ?? ''), enabled: Boolean(playerId) });
}
