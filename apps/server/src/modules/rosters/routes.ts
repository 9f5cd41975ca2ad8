import { MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { explainRosterPoints, RosterPointsSchema } from '../points/index.ts';
import { joinLeague } from './join-league.ts';
import { findRoster, myRoster, publicRoster } from './read-roster.ts';
import { CaptainAnswerSchema, CaptainChoiceSchema, chooseCaptain, readCaptain } from './roster-captain.ts';
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

  /** the user's own roster in the league, or 404 */
  const ownRoster = async (request: Parameters<typeof currentUser>[0], leagueId: string) => {
    const roster = await findRoster(app.db, { userId: currentUser(request).id, leagueId });
    if (!roster) throw notFound(MESSAGES.market.rosterNotFound, 'ROSTER_NOT_FOUND');
    return roster;
  };

  app.get(
    '/:leagueId/my-roster/captain',
    {
      schema: {
        tags,
        summary:
          'Capitano e vice del mio roster per la prossima settimana non bloccata (e per quella in corso)',
        params: LeagueParamsSchema,
        response: { 200: CaptainAnswerSchema, ...errors(401, 404) },
      },
    },
    async (request) => readCaptain(app.db, await ownRoster(request, request.params.leagueId)),
  );

  app.put(
    '/:leagueId/my-roster/captain',
    {
      schema: {
        tags,
        summary:
          'Sceglie capitano e vice: valgono per la prima settimana non ancora bloccata (la prima partita non iniziata)',
        params: LeagueParamsSchema,
        body: CaptainChoiceSchema,
        response: { 200: CaptainAnswerSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => chooseCaptain(app.db, await ownRoster(request, request.params.leagueId), request.body),
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

/** Joining a league opens the member's roster (its route sits with the league's, under the `leagues` tag). */
export const leagueJoinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['leagues'];

  app.post(
    '/:leagueId/join',
    {
      schema: {
        tags,
        summary: 'Iscrizione alla lega: crea il roster con il saldo iniziale',
        params: LeagueParamsSchema,
        body: z.object({ acceptRules: z.boolean().optional() }).nullish(),
        response: {
          201: z.object({ message: z.string(), rosterId: z.string().uuid() }),
          ...errors(401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { rosterId } = await joinLeague(app.db, {
        userId: currentUser(request).id,
        leagueId: request.params.leagueId,
        acceptRules: request.body?.acceptRules,
      });
      return reply.status(201).send({ message: MESSAGES.leagues.joined, rosterId });
    },
  );
};

/** "Why these points": a roster's points per week, match, player and game, line by line. */
export const rosterPointsRoutes: FastifyPluginAsyncZod = async (app) => {
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

export default rosterRoutes;
