import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

/** GET /api/admin/scoring-rules: the global rules, defaults filled in; `stored` is false when none saved. */
export function getScoringRules() {
  return api.get('/api/admin/scoring-rules');
}

export const scoringRulesQueryOptions = () =>
  queryOptions({
    queryKey: seasonKeys.scoringRules(),
    queryFn: getScoringRules,
    staleTime: SEASON_STALE_TIME.scoringRules,
  });

export function useScoringRules() {
  return useQuery(scoringRulesQueryOptions());
}
