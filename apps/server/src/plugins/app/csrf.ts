import { MESSAGES } from '@fantarift/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden } from '../../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Media types the route's request body may have (default: only `application/json`). A route that
     * takes an upload declares it, e.g. `config: { accepts: ['text/csv'] }`, and adds its own parser.
     */
    accepts?: readonly string[];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEFAULT_ACCEPTS: readonly string[] = ['application/json'];

/** Whether the browser says the request came from a page of another origin (another port counts). */
export function isCrossOrigin(request: FastifyRequest, appOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== appOrigin && origin !== `${request.protocol}://${request.host}`;
}

/**
 * Cross-site request forgery guard for every state-changing request. The session cookie is SameSite=Lax,
 * but a sibling port of the same host is the same *site*, so Lax still sends it; what the browser cannot
 * hide is where the request came from (Sec-Fetch-Site, Origin), and what a plain HTML form cannot send is
 * a JSON body. So: a request from another origin is refused, and a body must have a media type the route
 * declares. A request without a body (the trade routes) needs no type. Clients that are not browsers send
 * neither header and are not affected.
 */
export default fp(async function csrfPlugin(app: FastifyInstance) {
  const appOrigin = new URL(app.config.appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (isCrossOrigin(request, appOrigin))
      throw forbidden(MESSAGES.common.crossOriginRefused, 'CROSS_ORIGIN');
    const type = request.headers['content-type'];
    const length = request.headers['content-length'];
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (type === undefined && !hasBody) return;
    const media = (type ?? '').split(';')[0]!.trim().toLowerCase();
    const accepts = request.routeOptions.config?.accepts ?? DEFAULT_ACCEPTS;
    if (!accepts.includes(media)) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', MESSAGES.common.unsupportedMediaType);
    }
  });
});
