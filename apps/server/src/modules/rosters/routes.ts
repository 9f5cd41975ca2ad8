import { MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { findRoster, myRoster, publicRoster } from './read-roster.ts';
import { MyRosterSchema, PublicRosterSchema } from './schemas.ts';

const rosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['rosters'];

  app.get(
    '/:leagueId/my-roster',
    {
      schema: {
        tags,
        summary:
          'Il roster dell’utente nella lega: saldi, giocatori, campioni, idoneità, punti, movimenti (null se non partecipa)',
        params: LeagueParamsSchema,
        response: { 200: z.object({ roster: MyRosterSchema.nullable() }), ...errors(401) },
      },
    },
    async (request) => {
      const roster = await findRoster(app.db, {
        userId: currentUser(request).id,
        leagueId: request.params.leagueId,
      });
      // not having joined a league is a normal state of the market page, not an error
      if (!roster) return { roster: null };
      return { roster: await myRoster(app.db, roster) };
    },
  );

  app.get(
    '/:leagueId/rosters/:rosterId',
    {
      schema: {
        tags,
        summary: 'Il roster di un partecipante della lega (dalla classifica)',
        params: LeagueParamsSchema.extend({ rosterId: z.string().uuid() }),
        response: { 200: z.object({ roster: PublicRosterSchema }), ...errors(401, 404) },
      },
    },
    async (request) => {
      const roster = await findRoster(app.db, { id: request.params.rosterId });
      if (!roster || roster.leagueId !== request.params.leagueId) {
        throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
      }
      return { roster: await publicRoster(app.db, roster) };
    },
  );
};

export default rosterRoutes;
