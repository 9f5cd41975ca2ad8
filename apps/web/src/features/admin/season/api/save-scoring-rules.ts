import type { ScoringRules } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seasonKeys } from './admin-keys';

export function saveScoringRules(rules: ScoringRules) {
  return apiFetch<{ rules: ScoringRules; message: string }>('/api/admin/scoring-rules', {
    method: 'PUT',
    body: rules,
  });
}

/** Global rules feed the editor's preview of every league without its own rules. */
export function useSaveScoringRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScoringRules,
    onSuccess: (data) => {
      queryClient.setQueryData(seasonKeys.scoringRules(), { rules: data.rules, stored: true });
      return queryClient.invalidateQueries({ queryKey: seasonKeys.allMatchStats() });
    },
  });
}
