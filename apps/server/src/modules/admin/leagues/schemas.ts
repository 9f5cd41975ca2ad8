import { LEAGUE_STATUSES, LEAGUE_TYPES } from '@fantarift/core';
import { z } from 'zod';

export const AdminPhaseSchema = z
  .object({
    id: z.string().uuid(),
    leagueId: z.string().uuid(),
    phaseName: z.string(),
    phaseOrder: z.number().int(),
    teamCount: z.number().int(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    participatingTeams: z.array(z.string()),
    isCurrent: z.boolean(),
    createdAt: z.date(),
  })
  .meta({ id: 'AdminPhase' });

export const AdminLeagueSchema = z
  .object({
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
    createdAt: z.date(),
    updatedAt: z.date(),
    participantCount: z.number().int(),
    phases: z.array(AdminPhaseSchema),
  })
  .meta({ id: 'AdminLeague' });

export type AdminLeague = z.infer<typeof AdminLeagueSchema>;
export type AdminPhase = z.infer<typeof AdminPhaseSchema>;

// Loose on purpose: the service answers with the spec's message for each missing field.
const text = z.string().optional().default('');

export const CreateLeagueBodySchema = z.object({
  name: text,
  type: text,
  startDate: text,
  endDate: text,
  teams: z.array(z.string()).optional().default([]),
  phases: z
    .array(
      z.object({
        name: z.string(),
        teamCount: z.number().int(),
        startDate: text,
        endDate: text,
        participatingTeams: z.array(z.string()).optional(),
      }),
    )
    .optional()
    .default([]),
});
export type CreateLeagueBody = z.infer<typeof CreateLeagueBodySchema>;

export const UpdateLeagueBodySchema = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  status: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  marketBlockTimezone: z.string().optional(),
  rulesRequired: z.boolean().optional(),
  rulesText: z.string().nullable().optional(),
  marketBlockStartTime: z.string().nullable().optional(),
  marketBlockEndTime: z.string().nullable().optional(),
});
export type UpdateLeagueBody = z.infer<typeof UpdateLeagueBodySchema>;

export const LeagueTeamsBodySchema = z.object({ teams: z.array(z.string()) });
