import { z } from 'zod';

export const AddPhaseBodySchema = z.object({
  phaseName: z.string().optional().default(''),
  teamCount: z.number().int().optional(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
  participatingTeams: z.array(z.string()).optional(),
});
export type AddPhaseBody = z.infer<typeof AddPhaseBodySchema>;

export const UpdatePhaseBodySchema = z.object({
  teamCount: z.number().int().optional(),
  startDate: z.string().nullish(),
  endDate: z.string().nullish(),
});
export type UpdatePhaseBody = z.infer<typeof UpdatePhaseBodySchema>;

export const PhaseTeamsBodySchema = z.object({ teams: z.array(z.string()) });
