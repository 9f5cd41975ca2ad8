import { boundedArray, LEAGUE_TEAMS_MAX, SHORT_TEXT_MAX, safeText } from '@fantarift/core';
import { z } from 'zod';
import { teamCountField } from '../leagues/schemas.ts';

const line = safeText(SHORT_TEXT_MAX);
const teamList = boundedArray(line, LEAGUE_TEAMS_MAX);

export const AddPhaseBodySchema = z.object({
  phaseName: line.optional().default(''),
  teamCount: teamCountField.optional(),
  startDate: line.nullish(),
  endDate: line.nullish(),
  participatingTeams: teamList.optional(),
});
export type AddPhaseBody = z.infer<typeof AddPhaseBodySchema>;

export const UpdatePhaseBodySchema = z.object({
  teamCount: teamCountField.optional(),
  startDate: line.nullish(),
  endDate: line.nullish(),
});
export type UpdatePhaseBody = z.infer<typeof UpdatePhaseBodySchema>;

export const PhaseTeamsBodySchema = z.object({ teams: teamList });
