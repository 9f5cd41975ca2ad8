import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEASON_STALE_TIME, seasonKeys } from '@/features/admin/shared/api/season-keys';
import { api } from '@/lib/api/client';
import type { ChampionOption } from './types';

/** GET /api/champions: the catalogue (by name) for the editor's champion pickers. */
export async function getChampionOptions(): Promise<ChampionOption[]> {
  const { champions } = await api.get('/api/champions');
  return champions.map(({ id, name, tier }) => ({ id, name, tier }));
}

export const championOptionsQueryOptions = () =>
  queryOptions({
    queryKey: seasonKeys.champions(),
    queryFn: getChampionOptions,
    staleTime: SEASON_STALE_TIME.default,
  });

export function useChampionOptions() {
  return useQuery(championOptionsQueryOptions());
}
