import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Stato del servizio e del database',
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }),
          503: z.object({ status: z.literal('error'), database: z.enum(['pglite', 'postgres']) }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: app.dbKind };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'error' as const, database: app.dbKind });
      }
    },
  );
};

export default healthRoutes;
