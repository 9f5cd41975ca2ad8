import { useMutation, useQueryClient } from '@tanstack/react-query';
import { seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';

export interface CreateWeekInput {
  leagueId: string;
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
}

export function createWeek(input: CreateWeekInput) {
  return api.post('/api/admin/weeks', { body: input });
}

export function useCreateWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWeek,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(input.leagueId) }),
  });
}
