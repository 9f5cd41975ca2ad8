import { CURRENCIES, ROLES } from '@fantarift/core';
import { z } from 'zod';
import { championFields, playerFields } from '../../lib/schemas.ts';

const Role = z.enum(ROLES);

export const RosterPlayerSchema = z.object({
  ...playerFields,
  imageUrl: z.string().nullable(),
});
export const RosterChampionSchema = z.object({
  ...championFields,
  imageUrl: z.string().nullable(),
});
const Holding = { pricePaid: z.number().int(), salePrice: z.number().int(), acquiredAt: z.date() };

const WeekPointsSchema = z.object({
  weekId: z.string().uuid(),
  weekNumber: z.number().int(),
  name: z.string(),
  points: z.number(),
});
const EligibilitySchema = z.object({ eligible: z.boolean(), missingRoles: z.array(Role) });

const RosterBase = {
  id: z.string().uuid(),
  leagueId: z.string().uuid(),
  username: z.string(),
  pandaCoin: z.number().int(),
  burroCoin: z.number().int(),
  totalPoints: z.number(),
  playerCount: z.number().int(),
  championCount: z.number().int(),
  eligibility: EligibilitySchema,
  weekPoints: z.array(WeekPointsSchema),
};

export const MyRosterSchema = z
  .object({
    ...RosterBase,
    createdAt: z.date(),
    players: z.array(RosterPlayerSchema.extend(Holding)),
    champions: z.array(RosterChampionSchema.extend(Holding)),
    transactions: z.array(
      z.object({
        id: z.number().int(),
        type: z.string(),
        itemId: z.string().nullable(),
        itemName: z.string().nullable(),
        amount: z.number().int(),
        currency: z.enum(CURRENCIES),
        note: z.string().nullable(),
        createdAt: z.date(),
      }),
    ),
  })
  .meta({ id: 'MyRoster' });

export const PublicRosterSchema = z
  .object({
    ...RosterBase,
    players: z.array(RosterPlayerSchema),
    champions: z.array(RosterChampionSchema),
    captain: z
      .object({
        captainPlayerId: z.string().uuid(),
        viceCaptainPlayerId: z.string().uuid().nullable(),
        weekName: z.string(),
      })
      .nullable()
      .describe('Capitano e vice della settimana in corso (bloccata); null se nessuno o opzione disattivata'),
  })
  .meta({ id: 'PublicRoster' });
