import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loggableError } from '../../lib/loggable-error.ts';
import { purgeExpiredRateLimits } from '../../modules/auth/index.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Housekeeping every instance may run (each statement is idempotent): expired rate-limit rows are
 * deleted, so the table holds only live counters instead of one row per address ever seen.
 */
export default fp(async function maintenancePlugin(app: FastifyInstance) {
  const run = async () => {
    try {
      const purged = await purgeExpiredRateLimits(app.db);
      if (purged > 0) app.log.info({ purged }, 'expired rate limits purged');
    } catch (err) {
      app.log.warn({ error: loggableError(err) }, 'rate-limit purge failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.config.nodeEnv === 'test') return;
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});
