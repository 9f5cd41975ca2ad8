import type { ApiBody, ApiSchema } from '@/lib/api/client';

/** GET /api/admin/leagues/:id `phases[]` (dates 'YYYY-MM-DD' or null). */
export type AdminPhase = ApiSchema<'AdminPhase'>;

/** GET /api/admin/leagues: one league with its participant count and phases. */
export type AdminLeague = ApiSchema<'AdminLeague'>;

export type LeagueUpdateInput = ApiBody<'patch', '/api/admin/leagues/{leagueId}'>;

export type NewLeagueBody = ApiBody<'post', '/api/admin/leagues'>;
