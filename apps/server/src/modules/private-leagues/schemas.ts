import { PrivateLeagueNameSchema } from '@fantarift/core';
import { z } from 'zod';

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
  })
  .meta({ id: 'PrivateLeagueInvite' });

export const NameBodySchema = z.object({ name: PrivateLeagueNameSchema });
export const IdParamsSchema = z.object({ id: z.string().uuid() });
export const CodeParamsSchema = z.object({ code: z.string().min(1).max(32) });
