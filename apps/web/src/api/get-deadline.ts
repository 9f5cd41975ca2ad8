import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';

/** The next deadline of a league (GET /api/leagues/:id/deadline): block or match start, whichever first. */
export type Deadline = ApiSchema<'Deadline'>;

export const deadlineQueryKey = (leagueId: string) => ['deadline', leagueId] as const;

export async function getDeadline(leagueId: string): Promise<Deadline | null> {
  const { deadline } = await api.get('/api/leagues/{leagueId}/deadline', { params: { leagueId } });
  return deadline;
}

export const deadlineQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: deadlineQueryKey(leagueId),
    queryFn: () => getDeadline(leagueId),
    // a calendar change arrives as a live event; otherwise a minute is fresh enough
    staleTime: 60_000,
  });

export function useDeadline(leagueId: string | undefined) {
  return useQuery({ ...deadlineQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
