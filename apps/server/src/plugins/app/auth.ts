import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, findSessionUser, SESSION_COOKIE, SESSION_TTL_MS } from '../../modules/auth/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** the route resolves the session itself, in its own first query (the trade routes) */
    sessionInline?: boolean;
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/** Resolves the session cookie into `request.user` for every API request. */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('user', null);

  app.decorateReply('setSessionCookie', function setSessionCookie(this: FastifyReply, token: string) {
    return this.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  });
  app.decorateReply('clearSessionCookie', function clearSessionCookie(this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.sessionInline) return;
    const token = request.cookies[SESSION_COOKIE];
    request.user = token ? await findSessionUser(app.db, token) : null;
  });
});
