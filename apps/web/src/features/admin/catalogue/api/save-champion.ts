import type { ChampionInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/leagues/api/admin-keys';
import { apiFetch } from '@/lib/api-client';
import type { AdminChampion } from './types';

/** Adds a champion (no id) or edits one; the server sets the cost from the tier. */
export function saveChampion({ id, ...body }: ChampionInput & { id?: string }) {
  return apiFetch<{ message: string; champion: AdminChampion }>(
    id ? `/api/admin/champions/${encodeURIComponent(id)}` : '/api/admin/champions',
    { method: id ? 'PUT' : 'POST', body },
  );
}

export function useSaveChampion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChampion,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.champions() }),
        // a new champion changes the dashboard count; an edit changes the rosters' champion lists
        id
          ? queryClient.invalidateQueries({ queryKey: adminKeys.roster() })
          : queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ]),
  });
}
