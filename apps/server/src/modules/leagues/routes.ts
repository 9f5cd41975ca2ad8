import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, MessageSchema } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { acceptRules } from './accept-rules.ts';
import { getLeague, listLeagues } from './list-leagues.ts';
import { LeagueParamsSchema, LeagueSchema } from './schemas.ts';

const leagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['leagues'];

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Tutte le leghe, con iscrizione dell’utente, regolamento e stato del mercato',
        response: { 200: z.object({ leagues: z.array(LeagueSchema) }), ...errors(401) },
      },
    },
    async (request) => ({ leagues: await listLeagues(app.db, currentUser(request).id, new Date()) }),
  );

  app.get(
    '/:leagueId',
    {
      schema: {
        tags,
        summary: 'Una lega',
        params: LeagueParamsSchema,
        response: { 200: z.object({ league: LeagueSchema }), ...errors(401, 404) },
      },
    },
    async (request) => ({
      league: await getLeague(app.db, currentUser(request).id, request.params.leagueId, new Date()),
    }),
  );

  app.post(
    '/:leagueId/rules/accept',
    {
      schema: {
        tags,
        summary: 'Accetta il regolamento della lega (registrato una volta, versione v1)',
        params: LeagueParamsSchema,
        response: { 200: MessageSchema, ...errors(401, 404) },
      },
    },
    async (request) => {
      await acceptRules(app.db, { userId: currentUser(request).id, leagueId: request.params.leagueId });
      return { message: 'Regolamento accettato' };
    },
  );
};

export default leagueRoutes;
