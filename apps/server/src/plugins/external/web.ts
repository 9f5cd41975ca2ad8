import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@fantarift/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
export default fp(async function webPlugin(app: FastifyInstance) {
  const dist = app.config.webDist;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // hashed assets never change; index.html must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: 'NOT_FOUND', message: MESSAGES.common.notFound });
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
});
