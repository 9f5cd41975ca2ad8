import { INVITE_CODE_ALPHABET, MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, MessageSchema } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LEADERBOARD_PAGE_SIZE } from '../leaderboard/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { suggestedBands } from './bands-suggestion.ts';
import { generateCalendar, getCalendar, getTable, updateH2hSettings } from './head-to-head.ts';
import {
  createPrivateLeague,
  deletePrivateLeague,
  getPrivateLeague,
  joinPrivateLeague,
  leavePrivateLeague,
  listMembers,
  listMyPrivateLeagues,
  previewInvite,
  regenerateInviteCode,
  removeMember,
  renamePrivateLeague,
} from './private-leagues.ts';
import { privateLeaderboardPage } from './ranking.ts';
import {
  CalendarSchema,
  CodeParamsSchema,
  CreateBodySchema,
  H2hSettingsBodySchema,
  IdParamsSchema,
  InvitePreviewSchema,
  NameBodySchema,
  PrivateLeagueSchema,
  TableSchema,
  tags,
} from './schemas.ts';

const M = MESSAGES.privateLeagues;

const EntrySchema = z
  .object({
    position: z.number().int(),
    rosterId: z.string().uuid(),
    userId: z.string().uuid(),
    username: z.string(),
    totalPoints: z.number(),
    weekPoints: z.number().nullable().describe('Punti della settimana in corso (null senza settimane)'),
    playerCount: z.number().int(),
    championCount: z.number().int(),
    pandaCoin: z.number().int(),
    burroCoin: z.number().int(),
    isMe: z.boolean(),
  })
  .meta({ id: 'PrivateLeaderboardEntry' });

// codes are case-insensitive; anything outside the alphabet cannot be a code (still counted as an attempt)
const normaliseCode = (code: string) => code.trim().toUpperCase();
const looksLikeCode = new RegExp(`^[${INVITE_CODE_ALPHABET}]+$`);

/** Private leagues ("Leghe private", issue 15): every route needs a session; non-members get 404. */
const privateLeagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const attempt = (request: { ip: string }, userId: string) => ({
    userId,
    ip: request.ip,
    maxMembers: app.config.privateLeagueMaxMembers,
  });

  app.post(
    '/leagues/:leagueId/private-leagues',
    {
      schema: {
        tags,
        summary: 'Crea una lega privata nella lega ufficiale (serve un roster in quella lega)',
        params: LeagueParamsSchema,
        body: CreateBodySchema,
        response: { 201: z.object({ privateLeague: PrivateLeagueSchema }), ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const privateLeague = await createPrivateLeague(app.db, {
        userId: currentUser(request).id,
        leagueId: request.params.leagueId,
        name: request.body.name,
        format: request.body.format,
        h2h: request.body.h2h,
      });
      return reply.status(201).send({ privateLeague });
    },
  );

  app.get(
    '/leagues/:leagueId/private-leagues/h2h-bands',
    {
      schema: {
        tags,
        summary:
          "Fasce suggerite per gli scontri diretti (T: la mediana dell'ultima settimana della lega ufficiale; S: metà dello scarto interquartile)",
        params: LeagueParamsSchema,
        response: {
          200: z.object({ bandStart: z.number(), bandStep: z.number(), weekName: z.string().nullable() }),
          ...errors(401),
        },
      },
    },
    async (request) => suggestedBands(app.db, request.params.leagueId),
  );

  app.put(
    '/private-leagues/:id/h2h',
    {
      schema: {
        tags,
        summary:
          'Regola dei risultati degli scontri diretti (solo il proprietario, prima che inizi il calendario)',
        params: IdParamsSchema,
        body: H2hSettingsBodySchema,
        response: {
          200: z.object({ privateLeague: PrivateLeagueSchema }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await updateH2hSettings(app.db, { userId, id: request.params.id, settings: request.body });
      return { privateLeague: await getPrivateLeague(app.db, userId, request.params.id) };
    },
  );

  app.post(
    '/private-leagues/:id/calendar',
    {
      schema: {
        tags,
        summary:
          'Genera il calendario degli scontri diretti (solo il proprietario; di nuovo solo prima che inizi il primo turno)',
        params: IdParamsSchema,
        response: { 201: CalendarSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await generateCalendar(app.db, { userId: currentUser(request).id, id: request.params.id })),
  );

  app.get(
    '/private-leagues/:id/calendar',
    {
      schema: {
        tags,
        summary: 'Calendario degli scontri diretti: turni, sfide, punti e gol (il turno in corso dal vivo)',
        params: IdParamsSchema,
        response: { 200: CalendarSchema, ...errors(401, 404, 409) },
      },
    },
    async (request) => getCalendar(app.db, { userId: currentUser(request).id, id: request.params.id }),
  );

  app.get(
    '/private-leagues/:id/table',
    {
      schema: {
        tags,
        summary: 'Classifica degli scontri diretti (Pt, G, V, N, P, gol fatti e subiti, punti fantasy)',
        params: IdParamsSchema,
        response: { 200: TableSchema, ...errors(401, 404, 409) },
      },
    },
    async (request) => getTable(app.db, { userId: currentUser(request).id, id: request.params.id }),
  );

  app.get(
    '/private-leagues',
    {
      schema: {
        tags,
        summary: 'Le mie leghe private (create e a cui partecipo)',
        response: { 200: z.object({ privateLeagues: z.array(PrivateLeagueSchema) }), ...errors(401) },
      },
    },
    async (request) => ({ privateLeagues: await listMyPrivateLeagues(app.db, currentUser(request).id) }),
  );

  app.get(
    '/private-leagues/invite/:code',
    {
      schema: {
        tags,
        summary: 'Anteprima di un invito: lega privata, lega ufficiale e proprietario',
        params: CodeParamsSchema,
        response: { 200: z.object({ privateLeague: InvitePreviewSchema }), ...errors(401, 404, 429) },
      },
    },
    async (request) => {
      const code = normaliseCode(request.params.code);
      const privateLeague = await previewInvite(
        app.db,
        looksLikeCode.test(code) ? code : '-',
        attempt(request, currentUser(request).id),
      );
      return { privateLeague };
    },
  );

  app.post(
    '/private-leagues/invite/:code/join',
    {
      schema: {
        tags,
        summary: 'Entra nella lega privata con il codice invito',
        params: CodeParamsSchema,
        response: {
          200: z.object({ message: z.string(), privateLeague: PrivateLeagueSchema }),
          ...errors(401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      const code = normaliseCode(request.params.code);
      const privateLeague = await joinPrivateLeague(
        app.db,
        looksLikeCode.test(code) ? code : '-',
        attempt(request, currentUser(request).id),
      );
      return { message: M.joined, privateLeague };
    },
  );

  app.get(
    '/private-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Una mia lega privata',
        params: IdParamsSchema,
        response: { 200: z.object({ privateLeague: PrivateLeagueSchema }), ...errors(401, 404) },
      },
    },
    async (request) => ({
      privateLeague: await getPrivateLeague(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/private-leagues/:id/members',
    {
      schema: {
        tags,
        summary: 'I membri della lega privata (primi 1000 per nome)',
        params: IdParamsSchema,
        response: {
          200: z.object({
            members: z.array(
              z.object({ userId: z.string().uuid(), username: z.string(), isOwner: z.boolean() }),
            ),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request) => ({
      members: await listMembers(app.db, { userId: currentUser(request).id, id: request.params.id }),
    }),
  );

  app.get(
    '/private-leagues/:id/leaderboard',
    {
      schema: {
        tags,
        summary:
          'Classifica della lega privata: la classifica ufficiale ristretta ai membri (stesso ordine e pareggi), paginata',
        params: IdParamsSchema,
        querystring: z.object({
          cursor: z.string().max(500).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(LEADERBOARD_PAGE_SIZE),
        }),
        response: {
          200: z.object({
            privateLeague: z.object({
              id: z.string().uuid(),
              name: z.string(),
              leagueId: z.string().uuid(),
              leagueName: z.string(),
            }),
            week: z.object({ name: z.string(), weekNumber: z.number().int() }).nullable(),
            participantCount: z.number().int(),
            entries: z.array(EntrySchema),
            nextCursor: z.string().nullable(),
            me: EntrySchema.nullable(),
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) =>
      privateLeaderboardPage(app.db, {
        privateLeagueId: request.params.id,
        userId: currentUser(request).id,
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.patch(
    '/private-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Rinomina la lega privata (solo il proprietario)',
        params: IdParamsSchema,
        body: NameBodySchema,
        response: { 200: z.object({ privateLeague: PrivateLeagueSchema }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      privateLeague: await renamePrivateLeague(app.db, {
        userId: currentUser(request).id,
        id: request.params.id,
        name: request.body.name,
      }),
    }),
  );

  app.post(
    '/private-leagues/:id/invite-code',
    {
      schema: {
        tags,
        summary: 'Genera un nuovo codice invito (il vecchio smette di funzionare; solo il proprietario)',
        params: IdParamsSchema,
        response: { 200: z.object({ inviteCode: z.string() }), ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      regenerateInviteCode(app.db, { userId: currentUser(request).id, id: request.params.id }),
  );

  app.delete(
    '/private-leagues/:id/members/:userId',
    {
      schema: {
        tags,
        summary: 'Rimuove un membro (solo il proprietario)',
        params: z.object({ id: z.string().uuid(), userId: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await removeMember(app.db, {
        userId: currentUser(request).id,
        id: request.params.id,
        memberUserId: request.params.userId,
      });
      return { message: M.memberRemoved };
    },
  );

  app.post(
    '/private-leagues/:id/leave',
    {
      schema: {
        tags,
        summary: 'Abbandona la lega privata (il proprietario la elimina invece)',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors(401, 404, 409) },
      },
    },
    async (request) => {
      await leavePrivateLeague(app.db, { userId: currentUser(request).id, id: request.params.id });
      return { message: M.left };
    },
  );

  app.delete(
    '/private-leagues/:id',
    {
      schema: {
        tags,
        summary: 'Elimina la lega privata (solo il proprietario)',
        params: IdParamsSchema,
        response: { 200: MessageSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      await deletePrivateLeague(app.db, { userId: currentUser(request).id, id: request.params.id });
      return { message: M.deleted };
    },
  );
};

export default privateLeagueRoutes;
