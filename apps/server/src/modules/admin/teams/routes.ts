import { MESSAGES, safeText } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors, MessageSchema } from '../../../lib/schemas.ts';
import { findLeagueRow } from '../leagues/list-leagues.ts';
import { TeamParams, tags } from '../schemas.ts';
import { addTeam } from './add-team.ts';
import { assignPlayerToTeam, removePlayerFromTeam } from './assign-player.ts';
import { deleteTeam } from './delete-team.ts';
import { listTeams, teamPlayers } from './list-teams.ts';
import { renameTeam } from './rename-team.ts';
import {
  AddTeamBodySchema,
  AssignPlayerBodySchema,
  RenameTeamBodySchema,
  TeamEntrySchema,
  TeamPlayerSchema,
} from './schemas.ts';
import { assertTeamInLeague } from './team-rules.ts';

/** Teams: the global view, add, rename, delete, and the team player manager. Team names go URL-encoded. */
const adminTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Vista globale dei team: una voce per lega e nome, con il numero di player',
        querystring: z.object({
          leagueId: z.string().uuid().optional(),
          search: safeText(100).optional(),
        }),
        response: { 200: z.object({ teams: z.array(TeamEntrySchema) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ teams: await listTeams(app.db, request.query) }),
  );

  app.post(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Aggiunge un team a una lega',
        body: AddTeamBodySchema,
        response: {
          201: z.object({ message: z.string(), leagueId: z.string().uuid(), teamName: z.string() }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addTeam(app.db, auditActor(request), request.body)),
  );

  app.get(
    '/leagues/:leagueId/teams/:teamName/players',
    {
      schema: {
        tags,
        summary: 'Player del team e player disponibili (gestione player del team)',
        params: TeamParams,
        response: {
          200: z.object({ players: z.array(TeamPlayerSchema), availablePlayers: z.array(TeamPlayerSchema) }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => {
      const league = await findLeagueRow(app.db, request.params.leagueId, MESSAGES.teams.leagueNotFound);
      assertTeamInLeague(league.teams, request.params.teamName);
      return teamPlayers(app.db, request.params.teamName);
    },
  );

  app.patch(
    '/leagues/:leagueId/teams/:teamName',
    {
      schema: {
        tags,
        summary: 'Rinomina il team (i suoi player lo seguono)',
        params: TeamParams,
        body: RenameTeamBodySchema,
        response: {
          200: z.object({
            message: z.string(),
            playersUpdated: z.number().int(),
            leaguesUpdated: z.number().int(),
          }),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      renameTeam(app.db, auditActor(request), { ...request.params, newName: request.body.name }),
  );

  app.delete(
    '/leagues/:leagueId/teams/:teamName',
    {
      schema: {
        tags,
        summary:
          'Elimina il team dalla lega e i suoi player (Free Agent quelli presenti in roster o statistiche)',
        params: TeamParams,
        response: {
          200: z.object({
            message: z.string(),
            playersDeleted: z.number().int(),
            playersMadeFreeAgent: z.number().int(),
          }),
          ...errors(401, 403, 404),
        },
      },
    },
    async (request) => deleteTeam(app.db, auditActor(request), request.params),
  );

  app.post(
    '/leagues/:leagueId/teams/:teamName/players',
    {
      schema: {
        tags,
        summary: 'Assegna un player al team',
        params: TeamParams,
        body: AssignPlayerBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      assignPlayerToTeam(app.db, auditActor(request), { ...request.params, playerId: request.body.playerId }),
  );

  app.delete(
    '/leagues/:leagueId/teams/:teamName/players/:playerId',
    {
      schema: {
        tags,
        summary: 'Rimuove il player dal team (diventa Free Agent)',
        params: TeamParams.extend({ playerId: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => removePlayerFromTeam(app.db, auditActor(request), request.params),
  );
};

export default adminTeamRoutes;
