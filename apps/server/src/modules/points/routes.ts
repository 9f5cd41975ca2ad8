import { MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { findRoster } from '../rosters/index.ts';
import { explainRosterPoints } from './explain-roster-points.ts';
import { RosterPointsSchema } from './schemas.ts';

/** "Why these points": a roster's points per week, match, player and game, line by line. */
const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['points'];
  const response = { 200: z.object({ points: RosterPointsSchema }), ...errors(401, 404) };

  app.get(
    '/:leagueId/my-roster/points',
    {
      schema: {
        tags,
        summary: 'Perché questi punti: il dettaglio dei punti del mio roster per settimana e partita',
        params: LeagueParamsSchema,
        response,
      },
    },
    async (request) => {
      const roster = await findRoster(app.db, {
        userId: currentUser(request).id,
        leagueId: request.params.leagueId,
      });
      if (!roster) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
      return { points: await explainRosterPoints(app.db, roster) };
    },
  );

  app.get(
    '/:leagueId/rosters/:rosterId/points',
    {
      schema: {
        tags,
        summary: 'Perché questi punti: il dettaglio dei punti di un roster della lega (dalla classifica)',
        params: LeagueParamsSchema.extend({ rosterId: z.string().uuid() }),
        response,
      },
    },
    async (request) => {
      // the same visibility as the roster itself (GET /:leagueId/rosters/:rosterId): any roster of the league
      const roster = await findRoster(app.db, { id: request.params.rosterId });
      if (!roster || roster.leagueId !== request.params.leagueId) {
        throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
      }
      return { points: await explainRosterPoints(app.db, roster) };
    },
  );
};

export default pointsRoutes;
