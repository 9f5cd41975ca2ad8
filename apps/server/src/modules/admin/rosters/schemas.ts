import { COIN_MAX, decimalInRange, INT4_MAX, MESSAGES } from '@fantarift/core';
import { z } from 'zod';
import { championFields, playerFields } from '../../../lib/schemas.ts';
import { ADMIN_MESSAGES } from '../messages.ts';

export const AdminRosterSchema = z
  .object({
    id: z.string().uuid(),
    userId: z.string().uuid(),
    username: z.string(),
    email: z.string(),
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    playerCount: z.number().int(),
    championCount: z.number().int(),
    totalPoints: z.number(),
    pointsAdjustment: z.number(),
    pandaCoin: z.number().int(),
    burroCoin: z.number().int(),
    updatedAt: z.date(),
  })
  .meta({ id: 'AdminRoster' });
export type AdminRoster = z.infer<typeof AdminRosterSchema>;

export const AdminRosterDetailSchema = AdminRosterSchema.extend({
  leagueTeams: z.array(z.string()),
  players: z.array(
    z.object({
      ...playerFields,
      pricePaid: z.number().int(),
      acquiredAt: z.date(),
    }),
  ),
  champions: z.array(
    z.object({
      ...championFields,
      pricePaid: z.number().int(),
      acquiredAt: z.date(),
    }),
  ),
}).meta({ id: 'AdminRosterDetail' });

export const RosterListQuerySchema = z.object({
  leagueId: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional().default(200),
  offset: z.coerce.number().int().min(0).max(INT4_MAX).optional().default(0),
});

const coin = z
  .number({ error: MESSAGES.admin.coinAmountInvalid })
  .int({ error: MESSAGES.admin.coinAmountInvalid })
  .min(0, MESSAGES.admin.coinAmountInvalid)
  .max(COIN_MAX, MESSAGES.admin.coinAmountInvalid);

export const UpdateRosterBodySchema = z.object({
  pandaCoin: coin.optional(),
  burroCoin: coin.optional(),
  totalPoints: decimalInRange(-999_999_999, 999_999_999, ADMIN_MESSAGES.pointsInvalid).optional(),
});
export type UpdateRosterBody = z.infer<typeof UpdateRosterBodySchema>;

export const RosterPlayerBodySchema = z.object({
  playerId: z.string({ error: MESSAGES.teams.selectPlayer }).uuid({ error: MESSAGES.market.playerNotFound }),
});
export const RosterChampionBodySchema = z.object({
  championId: z
    .string({ error: MESSAGES.market.championNotFound })
    .uuid({ error: MESSAGES.market.championNotFound }),
});
