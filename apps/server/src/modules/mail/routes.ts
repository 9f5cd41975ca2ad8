import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema.ts';

/** The development mailbox: every mail the app queued. Never registered in production. */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Casella email di sviluppo (assente in produzione)',
        querystring: z.object({ to: z.string().optional() }),
        response: {
          200: z.object({
            messages: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                html: z.string().nullable(),
                createdAt: z.date(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(200);
      const to = request.query.to?.toLowerCase();
      const messages = rows
        .filter((m) => !to || m.to.toLowerCase() === to)
        .map(({ id, to: recipient, subject, text, html, createdAt }) => ({
          id,
          to: recipient,
          subject,
          text,
          html,
          createdAt,
        }));
      return { messages };
    },
  );
};

export default devMailboxRoutes;
