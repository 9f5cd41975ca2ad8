import type { ApiBody, ApiSchema } from '@/lib/api/client';

/** GET /api/admin/leagues/:id `phases[]` (dates 'YYYY-MM-DD' or null). */
export type AdminPhase = ApiSchema<'AdminPhase'>;

/** GET /api/admin/leagues: one league with its participant count and phases. */
export type AdminLeague = ApiSchema<'AdminLeague'>;

export interface LeagueUpdateInput {
  name?: string;
  type?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  marketBlockTimezone?: string;
  rulesRequired?: boolean;
  rulesText?: string | null;
  marketBlockStartTime?: string | null;
  marketBlockEndTime?: string | null;
}

export interface NewPhaseInput {
  name: string;
  teamCount: number;
  startDate: string;
  endDate: string;
  participatingTeams?: string[];
}

export type NewLeagueBody = ApiBody<'post', '/api/admin/leagues'>;
