import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API answer says how long the server took over it (`Server-Timing: app;dur=<ms>`, from the request's
 * arrival to its body ready to send): the browser's network panel shows it beside the whole wait, and the
 * bench tells the server's time from what the network and the client add. Only a duration, which the client
 * measures anyway.
 */
export default fp(async function serverTimingPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/'))
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
    return payload;
  });
});
