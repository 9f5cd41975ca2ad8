import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { RosterSnapshot } from './types';

/** GET /api/admin/snapshots: a league's automatic roster snapshots, newest first. */
export async function getSnapshots(leagueId: string): Promise<RosterSnapshot[]> {
  const { snapshots } = await api.get('/api/admin/snapshots', { query: { leagueId } });
  return snapshots;
}

export const snapshotsQueryOptions = (leagueId: string) =>
  queryOptions({
    queryKey: seasonKeys.snapshots(leagueId),
    queryFn: () => getSnapshots(leagueId),
    staleTime: SEASON_STALE_TIME.default,
  });

export function useSnapshots(leagueId: string | undefined) {
  return useQuery({ ...snapshotsQueryOptions(leagueId ?? ''), enabled: Boolean(leagueId) });
}
