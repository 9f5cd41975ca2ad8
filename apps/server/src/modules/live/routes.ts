import { FANTA_MESSAGES, MESSAGES } from '@fantarift/core';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { leagues } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';
import { currentUser, requireUser } from '../auth/index.ts';
import { LeagueParamsSchema } from '../leagues/index.ts';
import { fantaTopic, LiveHub } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveHub;
  }
}

/** The process's LiveHub as `app.live`; it ends every open stream before the server closes. */
export const livePlugin = fp(async function livePlugin(app: FastifyInstance) {
  const hub = new LiveHub(app.db, app.dbKind, app.log);
  await hub.start();
  app.decorate('live', hub);
  // open streams would keep server.close() waiting forever
  app.addHook('preClose', () => hub.close());
});

/** Browser reconnect delay after a dropped stream, in ms (the SSE `retry:` field). */
export const SSE_RETRY_MS = 3000;

/** Server-sent events of a league. Registered under /api/leagues. */
const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:leagueId/events',
    {
      schema: {
        tags: ['live'],
        summary:
          'Eventi in diretta della lega (text/event-stream): punti, mercato, settimana, partite; ogni evento dice quali dati ricaricare',
        params: LeagueParamsSchema,
        querystring: z.object({
          fanta: z
            .string()
            .uuid()
            .optional()
            .describe(
              'Una Lega Fanta della lega di cui si è membri: il flusso porta anche gli eventi della sua asta',
            ),
        }),
        response: {
          200: z
            .string()
            .max(0)
            .describe(
              'Flusso text/event-stream: `event: <tipo>` e `data: LiveEvent` (JSON); commenti `: ping` ogni 25 s',
            ),
          ...errors(401, 404),
        },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { leagueId } = request.params;
      const [league] = await app.db
        .select({ id: leagues.id })
        .from(leagues)
        .where(eq(leagues.id, leagueId))
        .limit(1);
      if (!league) throw notFound(MESSAGES.leagues.notFound, 'LEAGUE_NOT_FOUND');
      const fantaId = request.query.fanta;
      if (fantaId) {
        const { rows } = await app.db.execute(sql`
          select 1 from fanta_league_members m join fanta_leagues f on f.id = m.fanta_league_id
          where f.id = ${fantaId} and f.league_id = ${leagueId} and m.user_id = ${currentUser(request).id}`);
        if (rows.length === 0) throw notFound(FANTA_MESSAGES.notFound, 'FANTA_LEAGUE_NOT_FOUND');
      }

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // proxies (nginx) must pass each event on at once
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      res.socket?.setTimeout(0);
      res.write(`retry: ${SSE_RETRY_MS}\n: connesso\n\n`);
      const unsubscribe = app.live.subscribe(leagueId, res);
      const unsubscribeFanta = fantaId ? app.live.subscribe(fantaTopic(fantaId), res) : undefined;
      const cleanup = () => {
        unsubscribe();
        unsubscribeFanta?.();
        if (!res.writableEnded) res.end();
      };
      request.raw.once('close', cleanup);
      res.once('close', cleanup);
      res.once('error', cleanup);
    },
  );
};

export default liveRoutes;
