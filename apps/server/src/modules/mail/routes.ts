import { MESSAGES } from '@fantarift/core';
import { desc } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema.ts';
import { canonicalEmail } from '../../lib/email.ts';
import { notFound } from '../../lib/errors.ts';
import { errors } from '../../lib/schemas.ts';

/**
 * Only a browser on this machine, talking to the server directly: the peer is a loopback address and no
 * proxy forwarded the request (a reverse proxy on the same machine would otherwise make every visitor
 * look local). Reset links for every account land here, so anyone else gets a plain 404.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress ?? '';
  const h = request.headers;
  const forwarded =
    h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
  return !forwarded && isLoopbackAddress(peer) && isLoopbackAddress(request.ip);
}

function isLoopbackAddress(ip: string): boolean {
  return ip === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(ip);
}

/** The development mailbox: every mail the app queued. Never registered in production. */
const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!isLocalRequest(request)) throw notFound(MESSAGES.common.notFound);
  });

  app.get(
    '/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Casella email di sviluppo (assente in produzione)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: {
          ...errors(404),
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
      const to = request.query.to === undefined ? undefined : canonicalEmail(request.query.to);
      const messages = rows
        .filter((m) => !to || canonicalEmail(m.to) === to)
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
