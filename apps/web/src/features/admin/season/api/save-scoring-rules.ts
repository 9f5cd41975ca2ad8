import type { ScoringRules } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

export function saveScoringRules(rules: ScoringRules) {
  return api.put('/api/admin/scoring-rules', { body: rules });
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
