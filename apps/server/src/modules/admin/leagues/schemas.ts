import {
  boundedArray,
  LEAGUE_TEAMS_MAX,
  MESSAGES,
  MIN_PHASE_TEAM_COUNT,
  RULES_TEXT_MAX,
  SHORT_TEXT_MAX,
  safeText,
} from '@fantarift/core';
import { z } from 'zod';
import { LeagueFieldsSchema } from '../../leagues/index.ts';

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

export const AdminLeagueSchema = LeagueFieldsSchema.extend({
  createdAt: z.date(),
  updatedAt: z.date(),
  participantCount: z.number().int(),
  phases: z.array(AdminPhaseSchema),
}).meta({ id: 'AdminLeague' });

export type AdminLeague = z.infer<typeof AdminLeagueSchema>;
export type AdminPhase = z.infer<typeof AdminPhaseSchema>;

// Loose on purpose: the service answers with the spec's message for each missing field.
// Bounds only: the services check names, dates and counts with the spec's messages.
const line = safeText(SHORT_TEXT_MAX);
const text = line.optional().default('');
const teamList = boundedArray(line, LEAGUE_TEAMS_MAX);
export const teamCountField = z
  .number()
  .int()
  .min(MIN_PHASE_TEAM_COUNT, MESSAGES.phases.minTeams)
  .max(LEAGUE_TEAMS_MAX, MESSAGES.validation.tooManyItems(LEAGUE_TEAMS_MAX));

export const CreateLeagueBodySchema = z.object({
  name: text,
  type: text,
  startDate: text,
  endDate: text,
  teams: teamList.optional().default([]),
  phases: boundedArray(
    z.object({
      name: line,
      teamCount: teamCountField,
      startDate: text,
      endDate: text,
      participatingTeams: teamList.optional(),
    }),
    20,
  )
    .optional()
    .default([]),
});
export type CreateLeagueBody = z.infer<typeof CreateLeagueBodySchema>;

export const UpdateLeagueBodySchema = z.object({
  name: line.optional(),
  type: line.optional(),
  status: line.optional(),
  startDate: line.optional(),
  endDate: line.optional(),
  marketBlockTimezone: line.optional(),
  rulesRequired: z.boolean().optional(),
  // longer than the limit so that the service can say "too long" in the spec's words; markup adds length
  rulesText: safeText(RULES_TEXT_MAX * 2, { multiline: true })
    .nullable()
    .optional(),
  marketBlockStartTime: line.nullable().optional(),
  marketBlockEndTime: line.nullable().optional(),
});
export type UpdateLeagueBody = z.infer<typeof UpdateLeagueBodySchema>;

export const LeagueTeamsBodySchema = z.object({ teams: teamList });
