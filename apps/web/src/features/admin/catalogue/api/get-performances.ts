import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_STALE_TIME, adminKeys } from '@/features/admin/shared/api/admin-keys';
import type { ChampionPerformance } from '@/features/admin/shared/api/catalogue-types';
import { api } from '@/lib/api/client';

export async function getPerformances(championId: string): Promise<ChampionPerformance[]> {
  const { performances } = await api.get('/api/admin/champions/{championId}/performances', {
    params: { championId },
  });
  return performances;
}

export const performancesQueryOptions = (championId: string) =>
  queryOptions({
    queryKey: adminKeys.performances(championId),
    queryFn: () => getPerformances(championId),
    staleTime: ADMIN_STALE_TIME.champions,
  });

export function usePerformances(championId: string) {
  return useQuery(performancesQueryOptions(championId));
}
