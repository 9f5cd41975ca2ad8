import { MESSAGES, ROLES, safeText } from '@fantarift/core';
import { z } from 'zod';
import { championFields } from '../../../lib/schemas.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { optionalIntQuery } from '../schemas.ts';

export const AdminChampionSchema = z
  .object({
    ...championFields,
    imageUrl: z.string().nullable(),
    createdAt: z.date(),
  })
  .meta({ id: 'AdminChampion' });
export type AdminChampion = z.infer<typeof AdminChampionSchema>;

export const ChampionListQuerySchema = z.object({
  search: safeText(100).optional(),
  role: z.enum(ROLES).optional(),
  tier: optionalIntQuery(1, 6),
});

export const PerformanceSchema = z.object({
  id: z.string().uuid(),
  championId: z.string().uuid(),
  leagueId: z.string().uuid(),
  leagueName: z.string(),
  performanceUrl: z.string(),
});

export const PerformanceBodySchema = z.object({
  leagueId: z
    .string({ error: MESSAGES.market.leagueNotFound })
    .uuid({ error: MESSAGES.market.leagueNotFound }),
  performanceUrl: z
    .string({ error: ADMIN_MESSAGES.performanceUrlInvalid })
    .max(2000, ADMIN_MESSAGES.performanceUrlInvalid)
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: ADMIN_MESSAGES.performanceUrlInvalid }))
    .pipe(z.string().max(2000, ADMIN_MESSAGES.performanceUrlInvalid)),
});
