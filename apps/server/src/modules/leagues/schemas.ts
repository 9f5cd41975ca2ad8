import { LEAGUE_STATUSES, LEAGUE_TYPES } from '@fantarift/core';
import { z } from 'zod';

export const MarketStateSchema = z
  .object({
    playersBlocked: z.boolean(),
    championsBlocked: z.boolean(),
    reason: z.enum(['completed', 'time_block', 'manual_closure']).nullable(),
    reopensAt: z.date().nullable(),
  })
  .meta({ id: 'MarketState' });

/**
 * What a league is, as every reader sees it: the player's league (LeagueSchema) and the admin's
 * (AdminLeague) are these fields first, each with its own after them.
 */
export const LeagueFieldsSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  type: z.enum(LEAGUE_TYPES),
  status: z.enum(LEAGUE_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  teams: z.array(z.string()),
  marketOpen: z.boolean(),
  rulesRequired: z.boolean(),
  rulesText: z.string().nullable(),
  marketBlockTimezone: z.string(),
  marketBlockStartTime: z.string().nullable(),
  marketBlockEndTime: z.string().nullable(),
});
export type LeagueFields = z.infer<typeof LeagueFieldsSchema>;

export const LeagueSchema = LeagueFieldsSchema.extend({
  // the player reads the text sanitized (list-leagues.ts); the field keeps its place among the others
  rulesText: z.string().nullable().describe('HTML sanificato (p, br, strong, em, u, ol, ul, li)'),
  participantCount: z.number().int(),
  joined: z.boolean(),
  rulesAccepted: z.boolean(),
  rosterId: z.string().uuid().nullable(),
  market: MarketStateSchema,
}).meta({ id: 'League' });

// defined once beside the shared route schemas, and named here for the league routes of every module
export { LeagueParamsSchema } from '../../lib/schemas.ts';
