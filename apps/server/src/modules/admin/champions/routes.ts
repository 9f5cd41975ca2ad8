import { ChampionInputSchema, MESSAGES } from '@fantarift/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActor } from '../../../lib/audit.ts';
import { errors, MessageSchema } from '../../../lib/schemas.ts';
import { ChampionIdParams, tags } from '../schemas.ts';
import { listChampions, listPerformances } from './list-champions.ts';
import {
  createChampion,
  deleteChampion,
  deletePerformance,
  updateChampion,
  upsertPerformance,
} from './save-champion.ts';
import {
  AdminChampionSchema,
  ChampionListQuerySchema,
  PerformanceBodySchema,
  PerformanceSchema,
} from './schemas.ts';

const ChampionResponse = z.object({ message: z.string(), champion: AdminChampionSchema });

/** Champions: list, add, edit, delete (cost from tier), and per-league performance links. */
const adminChampionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/champions',
    {
      schema: {
        tags,
        summary: 'Campioni per nome, con ricerca e filtri per ruolo e tier',
        querystring: ChampionListQuerySchema,
        response: { 200: z.object({ champions: z.array(AdminChampionSchema) }), ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ champions: await listChampions(app.db, request.query) }),
  );

  app.post(
    '/champions',
    {
      schema: {
        tags,
        summary: 'Aggiunge un campione (costo calcolato dal tier)',
        body: ChampionInputSchema,
        response: { 201: ChampionResponse, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const champion = await createChampion(app.db, auditActor(request), request.body);
      return reply.status(201).send({ message: MESSAGES.champions.added, champion });
    },
  );

  app.put(
    '/champions/:championId',
    {
      schema: {
        tags,
        summary: 'Modifica un campione (costo calcolato dal tier)',
        params: ChampionIdParams,
        body: ChampionInputSchema,
        response: { 200: ChampionResponse, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const champion = await updateChampion(
        app.db,
        auditActor(request),
        request.params.championId,
        request.body,
      );
      return { message: MESSAGES.champions.updated, champion };
    },
  );

  app.delete(
    '/champions/:championId',
    {
      schema: {
        tags,
        summary: 'Elimina un campione (rifiutato se è in un roster o nelle statistiche)',
        params: ChampionIdParams,
        response: { 200: MessageSchema, ...errors(401, 403, 404, 409) },
      },
    },
    async (request) => deleteChampion(app.db, auditActor(request), request.params.championId),
  );

  app.get(
    '/champions/:championId/performances',
    {
      schema: {
        tags,
        summary: 'Link alle performance del campione per lega',
        params: ChampionIdParams,
        response: { 200: z.object({ performances: z.array(PerformanceSchema) }), ...errors(401, 403) },
      },
    },
    async (request) => ({ performances: await listPerformances(app.db, request.params.championId) }),
  );

  app.put(
    '/champions/:championId/performances',
    {
      schema: {
        tags,
        summary: 'Imposta il link alle performance del campione in una lega',
        params: ChampionIdParams,
        body: PerformanceBodySchema,
        response: { 200: MessageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      upsertPerformance(app.db, auditActor(request), request.params.championId, request.body),
  );

  app.delete(
    '/champions/:championId/performances/:leagueId',
    {
      schema: {
        tags,
        summary: 'Elimina il link alle performance del campione in una lega',
        params: ChampionIdParams.extend({ leagueId: z.string().uuid() }),
        response: { 200: MessageSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) =>
      deletePerformance(app.db, auditActor(request), request.params.championId, request.params.leagueId),
  );
};

export default adminChampionRoutes;
