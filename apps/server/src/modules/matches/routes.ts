import { INT4_MAX, ROLES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/schemas.ts';
import { requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { gameStatCounts } from '../season/index.ts';
import { leagueMatchDetail, leaguePlayerCard, listLeagueMatches } from './league-matches.ts';

const name = z.string().max(200);
// One player's points in one match or less: counts are at most GAME_STAT_MAX (season/schemas.ts, the
// import too) and rules at most RULE_VALUE_MAX, so a game stays under 10^8 and a BO5 under 10^9.
const pts = z.number().min(-1e9).max(1e9);
/** A statistic of one game (at most GAME_STAT_MAX) or games won in a series. */
const count = z.number().int().min(0).max(1_000_000);
/** Rows counted across a league (games, rosters): as many as it has. */
const total = z.number().int().min(0).max(INT4_MAX);

const MatchSummarySchema = z
  .object({
    id: z.string().uuid(),
    weekId: z.string().uuid(),
    date: z.date(),
    team1: name,
    team2: name,
    matchDay: z.number().int().min(1).max(100),
    matchFormat: z.number().int().min(1).max(5).describe('BO1, BO3 o BO5'),
    completed: z.boolean(),
    gamesPlayed: z.number().int().min(1).max(5).nullable(),
    winner: name.nullable(),
    score: z.object({ team1: count, team2: count }).nullable().describe('Game vinti da ciascuna squadra'),
  })
  .meta({ id: 'LeagueMatch' });

const ChampionSchema = z.object({ id: z.string().uuid(), name, tier: z.number().int().min(1).max(6) });

const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const tags = ['matches'];

  app.get(
    '/:leagueId/matches',
    {
      schema: {
        tags,
        summary:
          'Le partite reali della lega, per settimana (programmate e completate, con risultato e formato)',
        params: LeagueParamsSchema,
        response: {
          200: z.object({
            weeks: z.array(
              z.object({
                id: z.string().uuid(),
                weekNumber: z.number().int().min(1).max(INT4_MAX),
                name,
                startDate: z.string().max(10),
                endDate: z.string().max(10),
                isClosed: z.boolean(),
                matches: z.array(MatchSummarySchema),
              }),
            ),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request) => ({ weeks: await listLeagueMatches(app.db, request.params.leagueId) }),
  );

  app.get(
    '/:leagueId/matches/:matchId',
    {
      schema: {
        tags,
        summary: 'Una partita: i suoi game con statistiche e punti di ogni giocatore',
        params: LeagueParamsSchema.extend({ matchId: z.string().uuid() }),
        response: {
          200: z.object({
            match: MatchSummarySchema,
            seriesMvp: z.object({ playerId: z.string().uuid(), name }).nullable(),
            games: z.array(
              z.object({
                gameNumber: z.number().int().min(1).max(5),
                winner: name.nullable(),
                players: z.array(
                  z.object({
                    playerId: z.string().uuid(),
                    name,
                    team: name,
                    role: z.enum(ROLES),
                    champion: ChampionSchema.nullable(),
                    ...gameStatCounts(count),
                    mvp: z.boolean(),
                    points: pts,
                  }),
                ),
              }),
            ),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request) => leagueMatchDetail(app.db, request.params.leagueId, request.params.matchId),
  );

  app.get(
    '/:leagueId/players/:playerId',
    {
      schema: {
        tags,
        summary:
          'Scheda giocatore nella lega: punti per game delle ultime partite, media, prossime partite, % di roster che lo hanno',
        params: LeagueParamsSchema.extend({ playerId: z.string().uuid() }),
        response: {
          200: z.object({
            player: z.object({
              id: z.string().uuid(),
              name,
              team: name,
              role: z.enum(ROLES),
              tier: z.number().int().min(1).max(5),
              cost: z.number().int().min(0).max(1000),
              imageUrl: z.string().max(2000).nullable(),
            }),
            recentMatches: z.array(
              z.object({
                matchId: z.string().uuid(),
                date: z.date(),
                opponent: name,
                games: z.array(
                  z.object({
                    gameNumber: z.number().int().min(1).max(5),
                    championName: name.nullable(),
                    points: pts,
                  }),
                ),
                points: pts,
              }),
            ),
            gamesPlayed: total,
            averagePerGame: pts
              .nullable()
              .describe('Media punti per game nelle partite completate della lega'),
            upcoming: z.array(
              z.object({
                id: z.string().uuid(),
                date: z.date(),
                team1: name,
                team2: name,
                matchFormat: z.number().int().min(1).max(5),
              }),
            ),
            ownership: z.object({
              holders: total.describe('Roster della lega che lo hanno ora'),
              participants: total,
              percent: z.number().min(0).max(100),
            }),
          }),
          ...errors(401, 404),
        },
      },
    },
    async (request) => leaguePlayerCard(app.db, request.params.leagueId, request.params.playerId, new Date()),
  );
};

export default matchRoutes;
