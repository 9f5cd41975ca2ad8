import type { Role } from '@fantarift/core';
import type { ApiResponse, ApiSchema } from '@/lib/api/client';

/** GET /api/admin/teams: one entry per league and team name. */
export type AdminTeamEntry = ApiSchema<'AdminTeamEntry'>;

export type TeamPlayer = ApiResponse<
  'get',
  '/api/admin/leagues/{leagueId}/teams/{teamName}/players'
>['players'][number];

export type AdminPlayer = ApiSchema<'AdminPlayer'>;

export type AdminChampion = ApiSchema<'AdminChampion'>;

export type ChampionPerformance = ApiResponse<
  'get',
  '/api/admin/champions/{championId}/performances'
>['performances'][number];

export interface PlayerFilters {
  search?: string;
  role?: Role | '';
  tier?: string;
  team?: string;
  leagueId?: string;
}

export interface ChampionFilters {
  search?: string;
  role?: Role | '';
  tier?: string;
}

/**
 * The non-empty filters, trimmed, in the order they were set: a list's query. The forms keep every value
 * as text (a tier as "2"), which is what the URL carries anyway, so the result is given the route's type.
 */
export function filterQuery<Query>(filters: object): Query {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && String(value).trim() !== '')
      query[key] = String(value).trim();
  }
  return query as Query;
}
