import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Deadline } from '@/api/get-deadline';
import { apiFetch } from '@/lib/api-client';

export interface HomeLeague {
  leagueId: string;
  leagueName: string;
  position: number;
  participantCount: number;
  totalPoints: number;
  lastWeek: { weekNumber: number; name: string; points: number } | null;
  deadline: Deadline | null;
}

export interface HomeSummary {
  leagues: HomeLeague[];
  averagePosition: number | null;
}

/** One key for every league: any league's live event refreshes it. */
export const homeSummaryQueryKey = ['home-summary'] as const;

export const homeSummaryQueryOptions = () =>
  queryOptions({
    queryKey: homeSummaryQueryKey,
    queryFn: () => apiFetch<HomeSummary>('/api/me/home'),
    staleTime: 60_000,
  });

export function useHomeSummary() {
  return useQuery(homeSummaryQueryOptions());
}
