import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api, apiUrl } from '@/lib/api/client';

/**
 * The CSV download of the same extraction (the session cookie goes with a plain link); `excel` is the
 * variant Italian spreadsheets open as is (semicolons, decimal comma, UTF-8 BOM).
 */
export function leaderboardHistoryCsvHref(leagueId: string, date: string, format: 'csv' | 'excel' = 'csv') {
  return apiUrl('/api/admin/leaderboard-history', {}, { leagueId, date, format });
}

/** GET /api/admin/leaderboard-history: the leaderboard as it stood at the end of `date` (UTC). */
export async function getLeaderboardHistory(leagueId: string, date: string) {
  const answer = await api.get('/api/admin/leaderboard-history', { query: { leagueId, date } });
  // the route answers text only when asked for a `format` (the CSV download above)
  const { rows } = answer as Exclude<typeof answer, string>;
  return rows;
}

export const leaderboardHistoryQueryOptions = (leagueId: string, date: string) =>
  queryOptions({
    queryKey: seasonKeys.leaderboardHistory(leagueId, date),
    queryFn: () => getLeaderboardHistory(leagueId, date),
    staleTime: SEASON_STALE_TIME.default,
  });

export function useLeaderboardHistory(request: { leagueId: string; date: string } | null) {
  return useQuery({
    ...leaderboardHistoryQueryOptions(request?.leagueId ?? '', request?.date ?? ''),
    enabled: request !== null,
  });
}
