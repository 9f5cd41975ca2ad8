import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';
import { queryKeys, STALE_TIME } from '@/lib/query-keys';

/** GET /api/leagues/{id}/my-roster/points and /rosters/{id}/points: why a roster scored what it scored. */
export type RosterPoints = ApiSchema<'RosterPoints'>;

export type ExplainedWeek = RosterPoints['weeks'][number];

export type ExplainedMatch = ExplainedWeek['matches'][number];

export type ExplainedPlayer = ExplainedMatch['players'][number];

export type ExplainedGame = ExplainedPlayer['games'][number];

export type PointsLine = ExplainedGame['lines'][number];

/** My roster's breakdown when `rosterId` is omitted, else any roster of the league (from the leaderboard). */
export async function getRosterPoints(leagueId: string, rosterId?: string): Promise<RosterPoints> {
  const { points } = rosterId
    ? await api.get('/api/leagues/{leagueId}/rosters/{rosterId}/points', { params: { leagueId, rosterId } })
    : await api.get('/api/leagues/{leagueId}/my-roster/points', { params: { leagueId } });
  return points;
}

export const rosterPointsQueryOptions = (leagueId: string, rosterId?: string) =>
  queryOptions({
    queryKey: queryKeys.rosterPoints(leagueId, rosterId ?? 'mine'),
    queryFn: () => getRosterPoints(leagueId, rosterId),
    staleTime: STALE_TIME.rosters,
  });

export function useRosterPoints(leagueId: string, rosterId?: string) {
  return useQuery(rosterPointsQueryOptions(leagueId, rosterId));
}
