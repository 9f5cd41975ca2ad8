import { MESSAGES, PlayerInputSchema } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors, MessageSchema } from '../../../lib/schemas.ts';
import { PlayerIdParams, tags } from '../schemas.ts';
import { listPlayers } from './list-players.ts';
import { createPlayer, deletePlayer, updatePlayer } from './save-player.ts';
import { AdminPlayerSchema, PlayerListQuerySchema } from './schemas.ts';

const PlayerResponse = z.object({ message: z.string(), player: AdminPlayerSchema });

/** Players: list with filters, add, edit, delete. */
const adminPlayerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/players',
    {
      schema: {
        tags,
        summary: 'Player ordinati per tier e nome, con filtri',
        querystring: PlayerListQuerySchema,
        response: { 200: z.object({ players: z.array(AdminPlayerSchema) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({ players: await listPlayers(app.db, request.query) }),
  );

  app.post(
    '/players',
    {
      schema: {
        tags,
        summary: 'Aggiunge un player',
        body: PlayerInputSchema,
        response: { 201: PlayerResponse, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const player = await createPlayer(app.db, auditActor(request), request.body);
      return reply.status(201).send({ message: MESSAGES.players.added, player });
    },
  );

  app.put(
    '/players/:playerId',
    {
      schema: {
        tags,
        summary: 'Modifica un player',
        params: PlayerIdParams,
        body: PlayerInputSchema,
        response: { 200: PlayerResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const player = await updatePlayer(app.db, auditActor(request), request.params.playerId, request.body);
      return { message: MESSAGES.players.updated, player };
    },
  );

  app.delete(
    '/players/:playerId',
    {
      schema: {
        tags,
        summary: 'Elimina un player (rifiutato se è in un roster o ha statistiche)',
        params: PlayerIdParams,
        response: { 200: MessageSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => deletePlayer(app.db, auditActor(request), request.params.playerId),
  );
};

export default adminPlayerRoutes;
