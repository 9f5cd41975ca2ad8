import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { seasonKeys } from './admin-keys';
import type { AdminWeek } from './types';

export interface CreateWeekInput {
  leagueId: string;
  weekNumber: number;
  name: string;
  startDate: string;
  endDate: string;
}

export function createWeek(input: CreateWeekInput) {
  return apiFetch<{ week: AdminWeek; message: string }>('/api/admin/weeks', { method: 'POST', body: input });
}

export function useCreateWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWeek,
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: seasonKeys.weeks(input.leagueId) }),
  });
}
