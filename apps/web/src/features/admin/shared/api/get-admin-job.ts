import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSchema, api } from '@/lib/api/client';

export type AdminJobKind = 'recalculation' | 'import';

/** A recalculation or import of a league (GET /api/admin/jobs): its phase and percentage, then its outcome. */
export type AdminJob = ApiSchema<'AdminJob'>;

/** How often a running job is read again, so that its bar moves while the admin watches. */
export const JOB_POLL_MS = 500;

export const adminJobKey = (leagueId: string, kind: AdminJobKind) =>
  ['admin', 'job', kind, leagueId] as const;

/** GET /api/admin/jobs: the league's running job of that kind, else its last one (null if none). */
export async function getAdminJob(leagueId: string, kind: AdminJobKind): Promise<AdminJob | null> {
  const { job } = await api.get('/api/admin/jobs', { query: { leagueId, kind } });
  return job ?? null;
}

export const adminJobQueryOptions = (leagueId: string, kind: AdminJobKind, watching: boolean) =>
  queryOptions({
    queryKey: adminJobKey(leagueId, kind),
    queryFn: () => getAdminJob(leagueId, kind),
    staleTime: 0,
    // polled while the job runs, or while this page started one and waits for it to show up
    refetchInterval: (query) => (watching || query.state.data?.status === 'running' ? JOB_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

/** The league's job of that kind; `watching` keeps polling while this page's own request is under way. */
export function useAdminJob(leagueId: string | undefined, kind: AdminJobKind, watching = false) {
  return useQuery({ ...adminJobQueryOptions(leagueId ?? '', kind, watching), enabled: Boolean(leagueId) });
}
