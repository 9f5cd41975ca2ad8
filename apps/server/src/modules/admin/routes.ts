import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../plugins/app/auth.ts';
import seasonAdminRoutes from '../season/admin-routes.ts';

/**
 * Everything under /api/admin sits behind one admin hook (guard by prefix, never by exception).
 * Area modules register their routes inside this plugin.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireAdmin);
  await app.register(seasonAdminRoutes);

  app.get(
    '/overview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Conteggi per la dashboard di amministrazione',
        response: {
          200: z.object({
            leagues: z.number(),
            users: z.number(),
            rosters: z.number(),
            players: z.number(),
            champions: z.number(),
          }),
        },
      },
    },
    async () => {
      const result = await app.db.execute<Record<string, number>>(sql`
        select (select count(*) from leagues)::int as leagues,
               (select count(*) from users)::int as users,
               (select count(*) from rosters)::int as rosters,
               (select count(*) from players)::int as players,
               (select count(*) from champions)::int as champions`);
      const row = result.rows[0]!;
      return {
        leagues: Number(row.leagues),
        users: Number(row.users),
        rosters: Number(row.rosters),
        players: Number(row.players),
        champions: Number(row.champions),
      };
    },
  );
};

export default adminRoutes;
