import { existsSync } from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@fantarift/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, SESSION_COOKIE } from '../../modules/auth/sessions.ts';
import { loadWebShell } from './web-shell.ts';

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
export default fp(async function webPlugin(app: FastifyInstance) {
  const dist = app.config.webDist;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const shell = hasWeb ? loadWebShell(dist) : null;
  if (shell?.missingModules.length) {
    app.log.warn(
      { modules: shell.missingModules },
      'web shell: route modules missing from the build manifest',
    );
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // the build writes a .br and a .gz beside every text file over 1 KB (vite.config.ts)
      preCompressed: true,
      setHeaders(res, filePath) {
        // hashed assets never change; index.html must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !shell || request.method !== 'GET') {
      return reply.status(404).send({ code: 'NOT_FOUND', message: MESSAGES.common.notFound });
    }
    // The shell names the signed-in user and preloads the page's code: it differs per visitor, so it is
    // revalidated every time and never kept by a shared cache.
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(app.db, token) : null;
    return reply
      .header('Cache-Control', 'no-cache, private')
      .header('Vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(shell.render(request.url, user));
  });
});
