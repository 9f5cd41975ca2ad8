import { MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { leagueDeadlines } from './deadline.ts';
import { homeSummary } from './home-summary.ts';
import { rosterHistory } from './roster-history.ts';

// A roster's points (a week's, a season's, with pending match changes): sums over as many matches and
// weeks as a league has, so no range of their own, like the leaderboard's.
const Points = z.number();

const DeadlineSchema = z
  .object({
    at: z.date(),
    kind: z
      .enum(['market_block', 'match_start'])
      .describe('market_block: inizia il blocco automatico del mercato; match_start: inizia una partita'),
    match: z
      .object({ id: z.string().uuid(), team1: z.string().max(100), team2: z.string().max(100) })
      .nullable(),
  })
  .meta({ id: 'Deadline' });

const HomeLeagueSchema = z
  .object({
    leagueId: z.string().uuid(),
    leagueName: z.string().max(200),
    position: z.number().int().min(1),
    participantCount: z.number().int().min(0),
    totalPoints: Points,
    lastWeek: z
      .object({ weekNumber: z.number().int().min(1), name: z.string().max(200), points: Points })
      .nullable(),
    deadline: DeadlineSchema.nullable(),
    captainNeeded: z
      .boolean()
      .describe('Capitano previsto dalla lega e non ancora scelto per la prossima settimana'),
  })
  .meta({ id: 'HomeLeague' });

const HistoryWeekSchema = z
  .object({
    weekNumber: z.number().int().min(1),
    name: z.string().max(200),
    points: Points,
    cumulative: Points,
    rank: z.number().int().min(1),
    participants: z.number().int().min(1),
  })
  .meta({ id: 'HistoryWeek' });

/** The participant's own game: home quick stats, deadlines, points history (issue 14). Under /api. */
const myGameRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);

  app.get(
    '/me/home',
    {
      schema: {
        tags: ['home'],
        summary:
          'Statistiche rapide della home: per ogni lega a cui partecipo posizione, punti, ultima settimana, prossima scadenza; posizione media',
        response: {
          200: z.object({
            leagues: z.array(HomeLeagueSchema),
            averagePosition: z.number().min(1).nullable(),
          }),
          ...errors(401),
        },
      },
    },
    async (request) => homeSummary(app.db, currentUser(request).id, new Date()),
  );

  app.get(
    '/leagues/:leagueId/deadline',
    {
      schema: {
        tags: ['market'],
        summary:
          'Prossima scadenza della lega: il prossimo blocco automatico del mercato o il prossimo inizio partita, il primo dei due',
        params: LeagueParamsSchema,
        response: { 200: z.object({ deadline: DeadlineSchema.nullable() }), ...errors(401, 404) },
      },
    },
    async (request) => {
      const { leagueId } = request.params;
      const deadlines = await leagueDeadlines(app.db, [leagueId], new Date());
      if (!deadlines.has(leagueId)) throw notFound(MESSAGES.leagues.notFound, 'LEAGUE_NOT_FOUND');
      return { deadline: deadlines.get(leagueId) ?? null };
    },
  );

  app.get(
    '/leagues/:leagueId/my-roster/history',
    {
      schema: {
        tags: ['rosters'],
        summary: 'Punti e posizione del mio roster settimana per settimana (null se non partecipo alla lega)',
        params: LeagueParamsSchema,
        response: {
          // every started week of the league: the admin numbers weeks freely (up to int4)
          200: z.object({ history: z.object({ weeks: z.array(HistoryWeekSchema) }).nullable() }),
          ...errors(401),
        },
      },
    },
    async (request) => ({
      history: await rosterHistory(app.db, currentUser(request).id, request.params.leagueId, new Date()),
    }),
  );
};

export default myGameRoutes;
