import {
  BUILT_IN_TEAMS,
  CoinDistributionSchema,
  DEFAULT_PHASES,
  INTERNATIONAL_LEAGUE_TYPES,
  LEAGUE_STATUSES,
  LEAGUE_TYPES,
  MARKET_TIMEZONES,
  MESSAGES,
  MIN_PHASE_TEAM_COUNT,
  PHASE_STAGE_RANK,
} from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors } from '../../../lib/schemas.ts';
import { ADMIN_MESSAGES } from '../messages.ts';
import { LeagueIdParams, tags } from '../schemas.ts';
import { createLeague } from './create-league.ts';
import { deleteLeague } from './delete-league.ts';
import { distributeCoins } from './distribute-coins.ts';
import { getAdminLeague, listAdminLeagues } from './list-leagues.ts';
import {
  AdminLeagueSchema,
  CreateLeagueBodySchema,
  LeagueTeamsBodySchema,
  UpdateLeagueBodySchema,
} from './schemas.ts';
import { setMarketOpen } from './set-market.ts';
import { updateLeague } from './update-league.ts';
import { updateLeagueTeams } from './update-league-teams.ts';

const LeagueResponse = z.object({ message: z.string(), league: AdminLeagueSchema });

/** Leagues: list, create (with phases), edit, market, teams list, delete, coin distribution. */
const adminLeagueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leagues',
    {
      schema: {
        tags,
        summary: 'Tutte le leghe con numero di partecipanti e fasi',
        response: { 200: z.object({ leagues: z.array(AdminLeagueSchema) }), ...errors(401, 403) },
      },
    },
    async () => ({ leagues: await listAdminLeagues(app.db) }),
  );

  app.get(
    '/leagues/templates',
    {
      schema: {
        tags,
        summary: 'Dati per il form di creazione lega: team predefiniti, fasi predefinite, tipi, fusi orari',
        response: {
          200: z.object({
            leagueTypes: z.array(z.string()),
            internationalTypes: z.array(z.string()),
            statuses: z.array(z.string()),
            timezones: z.array(z.string()),
            builtInTeams: z.record(z.string(), z.array(z.string())),
            defaultPhases: z.record(
              z.string(),
              z.object({
                phases: z.array(z.object({ name: z.string(), teamCount: z.number().int() })),
                otherTeamCount: z.number().int(),
              }),
            ),
            phaseStageRank: z.record(z.string(), z.number().int()),
            minPhaseTeamCount: z.number().int(),
          }),
          ...errors(401, 403),
        },
      },
    },
    async () => ({
      leagueTypes: [...LEAGUE_TYPES],
      internationalTypes: [...INTERNATIONAL_LEAGUE_TYPES],
      statuses: [...LEAGUE_STATUSES],
      timezones: [...MARKET_TIMEZONES],
      builtInTeams: Object.fromEntries(Object.entries(BUILT_IN_TEAMS).map(([k, v]) => [k, [...v]])),
      defaultPhases: Object.fromEntries(
        Object.entries(DEFAULT_PHASES).map(([k, v]) => [
          k,
          { phases: v.phases.map((p) => ({ ...p })), otherTeamCount: v.otherTeamCount },
        ]),
      ),
      phaseStageRank: { ...PHASE_STAGE_RANK },
      minPhaseTeamCount: MIN_PHASE_TEAM_COUNT,
    }),
  );

  app.get(
    '/leagues/:leagueId',
    {
      schema: {
        tags,
        summary: 'Dettaglio di una lega (panoramica, team, fasi)',
        params: LeagueIdParams,
        response: { 200: z.object({ league: AdminLeagueSchema }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ league: await getAdminLeague(app.db, request.params.leagueId) }),
  );

  app.post(
    '/leagues',
    {
      schema: {
        tags,
        summary: 'Crea una lega con le sue fasi (stato Upcoming, mercato chiuso, prima fase corrente)',
        body: CreateLeagueBodySchema,
        response: { 201: LeagueResponse, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const league = await createLeague(app.db, auditActor(request), request.body);
      return reply.status(201).send({ message: MESSAGES.leagues.created, league });
    },
  );

  app.patch(
    '/leagues/:leagueId',
    {
      schema: {
        tags,
        summary: 'Modifica lega: nome, tipo, stato, date, regolamento, blocco mercato',
        params: LeagueIdParams,
        body: UpdateLeagueBodySchema,
        response: { 200: LeagueResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const league = await updateLeague(app.db, auditActor(request), request.params.leagueId, request.body);
      return { message: MESSAGES.leagues.updated, league };
    },
  );

  app.put(
    '/leagues/:leagueId/market',
    {
      schema: {
        tags,
        summary: 'Apre o chiude il mercato della lega',
        params: LeagueIdParams,
        body: z.object({ open: z.boolean() }),
        response: {
          200: z.object({ message: z.string(), marketOpen: z.boolean() }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const result = await setMarketOpen(
        app.db,
        auditActor(request),
        request.params.leagueId,
        request.body.open,
      );
      return result;
    },
  );

  app.put(
    '/leagues/:leagueId/teams',
    {
      schema: {
        tags,
        summary: 'Aggiorna l’elenco dei team della lega',
        params: LeagueIdParams,
        body: LeagueTeamsBodySchema,
        response: { 200: LeagueResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const league = await updateLeagueTeams(
        app.db,
        auditActor(request),
        request.params.leagueId,
        request.body.teams,
      );
      return { message: ADMIN_MESSAGES.leagueTeamsUpdated, league };
    },
  );

  app.delete(
    '/leagues/:leagueId',
    {
      schema: {
        tags,
        summary: 'Elimina la lega e tutti i dati associati (roster, fasi, settimane, match, statistiche)',
        params: LeagueIdParams,
        response: { 200: z.object({ message: z.string() }), ...errors(401, 403, 404) },
      },
    },
    async (request) => deleteLeague(app.db, auditActor(request), request.params.leagueId),
  );

  app.post(
    '/leagues/:leagueId/distribute-coins',
    {
      schema: {
        tags,
        summary: 'Distribuisce Panda Coin e Burro Coin a tutti i roster della lega',
        params: LeagueIdParams,
        body: CoinDistributionSchema,
        response: {
          200: z.object({
            message: z.string(),
            updatedRostersCount: z.number().int(),
            totalPandaDistributed: z.number().int(),
            totalBurroDistributed: z.number().int(),
          }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => distributeCoins(app.db, auditActor(request), request.params.leagueId, request.body),
  );
};

export default adminLeagueRoutes;
