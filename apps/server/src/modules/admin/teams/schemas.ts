import { SHORT_TEXT_MAX, safeText } from '@fantarift/core';
import { z } from 'zod';
import { playerFields } from '../../../lib/schemas.ts';

export const TeamEntrySchema = z
  .object({
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    leagueType: z.string(),
    teamName: z.string(),
    playerCount: z.number().int(),
  })
  .meta({ id: 'AdminTeamEntry' });

export const TeamPlayerSchema = z.object(playerFields);

// Bounds only: the services say which field is missing or wrong with the spec's messages.
const line = safeText(SHORT_TEXT_MAX);

export const AddTeamBodySchema = z.object({
  leagueId: line.optional(),
  name: line.optional(),
});

export const RenameTeamBodySchema = z.object({ name: line.optional() });

export const AssignPlayerBodySchema = z.object({ playerId: line.nullish() });
