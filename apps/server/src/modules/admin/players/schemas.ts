import { ROLES, safeText } from '@fantarift/core';
import { z } from 'zod';
import { playerFields } from '../../../lib/schemas.ts';
import { optionalIntQuery } from '../schemas.ts';

export const AdminPlayerSchema = z
  .object({
    ...playerFields,
    region: z.string().nullable(),
    imageUrl: z.string().nullable(),
    performanceUrl: z.string().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: 'AdminPlayer' });
export type AdminPlayer = z.infer<typeof AdminPlayerSchema>;

export const PlayerListQuerySchema = z.object({
  search: safeText(100).optional(),
  role: z.enum(ROLES).optional(),
  tier: optionalIntQuery(1, 5),
  team: safeText(100).optional(),
  leagueId: z.string().uuid().optional().describe('solo i player dei team della lega'),
});
export type PlayerListQuery = z.infer<typeof PlayerListQuerySchema>;
