import {
  H2H_RULES,
  H2hSettingsSchema,
  PRIVATE_LEAGUE_FORMATS,
  PrivateLeagueNameSchema,
} from '@fantarift/core';
import { z } from 'zod';
import {
  fixtureScoreShape,
  h2hRecordShape,
  roundStatusSchema,
  roundWeekShape,
} from '../../lib/h2h-schemas.ts';

export const tags = ['private-leagues'];

export const PrivateLeagueSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    memberCount: z.number().int(),
    isOwner: z.boolean(),
    ownerUsername: z.string(),
    inviteCode: z.string().nullable().describe('Solo per il proprietario'),
    createdAt: z.string(),
    format: z.enum(PRIVATE_LEAGUE_FORMATS).describe('classic: classifica a punti; h2h: scontri diretti'),
    h2h: z
      .object({
        rule: z.enum(H2H_RULES),
        bandStart: z.number(),
        bandStep: z.number(),
        calendarGenerated: z.boolean(),
      })
      .nullable()
      .describe('La regola dei risultati di una lega a scontri diretti (null per una classica)'),
  })
  .meta({ id: 'PrivateLeague' });

export const InvitePreviewSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    leagueId: z.string().uuid(),
    leagueName: z.string(),
    leagueStatus: z.string(),
    rulesRequired: z.boolean(),
    ownerUsername: z.string(),
    memberCount: z.number().int(),
    isMember: z.boolean(),
    hasRoster: z.boolean(),
    format: z.enum(PRIVATE_LEAGUE_FORMATS),
    closedToNewMembers: z
      .boolean()
      .describe('Calendario degli scontri diretti già generato: niente nuovi membri'),
  })
  .meta({ id: 'PrivateLeagueInvite' });

export const NameBodySchema = z.object({ name: PrivateLeagueNameSchema });
export const CreateBodySchema = NameBodySchema.extend({
  format: z.enum(PRIVATE_LEAGUE_FORMATS).default('classic'),
  h2h: H2hSettingsSchema.optional().describe(
    'Solo per gli scontri diretti: fasce (T, S) o punti; senza, le fasce suggerite dalla lega ufficiale',
  ),
});
export const H2hSettingsBodySchema = H2hSettingsSchema;

const FixtureSchema = z.object({
  homeUserId: z.string().uuid(),
  awayUserId: z.string().uuid(),
  homeRosterId: z.string().uuid(),
  awayRosterId: z.string().uuid(),
  homeUsername: z.string(),
  awayUsername: z.string(),
  ...fixtureScoreShape,
});

export const CalendarSchema = z
  .object({
    rounds: z.array(
      z.object({
        ...roundWeekShape,
        status: roundStatusSchema.describe(
          'scheduled: settimana non iniziata; live: in corso; final: settimana chiusa',
        ),
        fixtures: z.array(FixtureSchema),
        restingUserId: z.string().uuid().nullable(),
        restingUsername: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'H2hCalendar' });

export const TableSchema = z
  .object({
    rows: z.array(
      z.object({
        userId: z.string().uuid(),
        username: z.string(),
        ...h2hRecordShape,
        position: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'H2hTable' });
export const IdParamsSchema = z.object({ id: z.string().uuid() });
export const CodeParamsSchema = z.object({ code: z.string().min(1).max(32) });
