import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors, MessageSchema } from '../../../lib/schemas.ts';
import { RosterIdParams, tags } from '../schemas.ts';
import { getRosterDetail, listRosters } from './list-rosters.ts';
import { addToRoster, removeFromRoster } from './roster-holdings.ts';
import {
  AdminRosterDetailSchema,
  AdminRosterSchema,
  RosterChampionBodySchema,
  RosterListQuerySchema,
  RosterPlayerBodySchema,
  UpdateRosterBodySchema,
} from './schemas.ts';
import { updateRoster } from './update-roster.ts';

/** Manage Rosters: list, detail, edit balances and points, add and remove players and champions. */
const adminRosterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rosters',
    {
      schema: {
        tags,
        summary: 'Roster con utente, lega, conteggi, punti e saldi (filtro per lega)',
        querystring: RosterListQuerySchema,
        response: {
          200: z.object({ rosters: z.array(AdminRosterSchema), total: z.number().int() }),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => listRosters(app.db, request.query),
  );

  app.get(
    '/rosters/:rosterId',
    {
      schema: {
        tags,
        summary: 'Un roster con i giocatori e i campioni posseduti',
        params: RosterIdParams,
        response: { 200: z.object({ roster: AdminRosterDetailSchema }), ...errors(401, 403, 404) },
      },
    },
    async (request) => ({ roster: await getRosterDetail(app.db, request.params.rosterId) }),
  );

  app.patch(
    '/rosters/:rosterId',
    {
      schema: {
        tags,
        summary: 'Modifica Panda Coin, Burro Coin e punti totali del roster',
        params: RosterIdParams,
        body: UpdateRosterBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => updateRoster(app.db, auditActor(request), request.params.rosterId, request.body),
  );

  app.post(
    '/rosters/:rosterId/players',
    {
      schema: {
        tags,
        summary: 'Aggiunge un giocatore al roster senza addebitare monete',
        params: RosterIdParams,
        body: RosterPlayerBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addToRoster(app.db, auditActor(request), {
        kind: 'player',
        rosterId: request.params.rosterId,
        itemId: request.body.playerId,
      }),
  );

  app.delete(
    '/rosters/:rosterId/players/:playerId',
    {
      schema: {
        tags,
        summary: 'Rimuove un giocatore dal roster (senza rimborso)',
        params: RosterIdParams.extend({ playerId: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeFromRoster(app.db, auditActor(request), {
        kind: 'player',
        rosterId: request.params.rosterId,
        itemId: request.params.playerId,
      }),
  );

  app.post(
    '/rosters/:rosterId/champions',
    {
      schema: {
        tags,
        summary: 'Aggiunge un campione al roster senza addebitare monete',
        params: RosterIdParams,
        body: RosterChampionBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      addToRoster(app.db, auditActor(request), {
        kind: 'champion',
        rosterId: request.params.rosterId,
        itemId: request.body.championId,
      }),
  );

  app.delete(
    '/rosters/:rosterId/champions/:championId',
    {
      schema: {
        tags,
        summary: 'Rimuove un campione dal roster (senza rimborso)',
        params: RosterIdParams.extend({ championId: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeFromRoster(app.db, auditActor(request), {
        kind: 'champion',
        rosterId: request.params.rosterId,
        itemId: request.params.championId,
      }),
  );
};

export default adminRosterRoutes;
