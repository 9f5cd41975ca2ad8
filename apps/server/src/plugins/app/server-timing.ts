import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every API answer says how long the server took over it (`Server-Timing: app;dur=<ms>`, from the request's
 * arrival to its body ready to send): the browser's network panel shows it beside the whole wait, and the
 * bench tells the server's time from what the network and the client add. Only a duration, which the client
 * measures anyway. A route may name its own parts first (the leaderboard: its first statements, its
 * standings, its rows), each as `name;dur=<ms>`: they follow the whole.
 */
export default fp(async function serverTimingPlugin(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) {
      // a route's own parts (the leaderboard's), after the whole
      const parts = reply.getHeader('server-timing');
      const app = `app;dur=${reply.elapsedTime.toFixed(1)}`;
      reply.header('server-timing', parts ? `${app}, ${parts}` : app);
    }
    return payload;
  });
});
