import { ROLES } from '@fantarift/core';
import { z } from 'zod';

export const TeamEntrySchema = z
  .object({
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    leagueType: z.string(),
    teamName: z.string(),
    playerCount: z.number().int(),
  })
  .meta({ id: 'AdminTeamEntry' });

export const TeamPlayerSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  team: z.string(),
  role: z.enum(ROLES),
  tier: z.number().int(),
  cost: z.number().int(),
});

export const AddTeamBodySchema = z.object({
  leagueId: z.string().optional(),
  name: z.string().optional(),
});

export const RenameTeamBodySchema = z.object({ name: z.string().optional() });

export const AssignPlayerBodySchema = z.object({ playerId: z.string().nullish() });
