import type { ChampionInput } from '@fantarift/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/features/admin/shared/api/admin-keys';
import { api } from '@/lib/api/client';

/** Adds a champion (no id) or edits one; the server sets the cost from the tier. */
export function saveChampion({ id, ...body }: ChampionInput & { id?: string }) {
  return id
    ? api.put('/api/admin/champions/{championId}', { params: { championId: id }, body })
    : api.post('/api/admin/champions', { body });
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
