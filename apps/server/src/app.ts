import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import adminRoutes from './api/admin.ts';
import type { AppConfig } from './config/env.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { AdminJobs } from './modules/admin-jobs/index.ts';
import authRoutes from './modules/auth/routes.ts';
import { fantaLeagueRoutes, lotSweeperPlugin } from './modules/fanta-leagues/index.ts';
import healthRoutes from './modules/health/routes.ts';
import leaderboardRoutes from './modules/leaderboard/routes.ts';
import leagueRoutes from './modules/leagues/routes.ts';
import liveRoutes, { livePlugin } from './modules/live/routes.ts';
import { Mailer } from './modules/mail/index.ts';
import devMailboxRoutes from './modules/mail/routes.ts';
import marketRoutes from './modules/market/routes.ts';
import matchRoutes from './modules/matches/routes.ts';
import myGameRoutes from './modules/my-game/routes.ts';
import { NotificationScheduler, PushSender } from './modules/notifications/index.ts';
import notificationRoutes, { publicNotificationRoutes } from './modules/notifications/routes.ts';
import { stopFolds } from './modules/points/index.ts';
import privateLeagueRoutes from './modules/private-leagues/routes.ts';
import rewardRoutes from './modules/rewards/routes.ts';
import rosterRoutes, { leagueJoinRoutes, rosterPointsRoutes } from './modules/rosters/routes.ts';
import authPlugin from './plugins/app/auth.ts';
import csrfPlugin from './plugins/app/csrf.ts';
import errorsPlugin from './plugins/app/errors.ts';
import inputGuardPlugin from './plugins/app/input-guard.ts';
import maintenancePlugin from './plugins/app/maintenance.ts';
import serverTimingPlugin from './plugins/app/server-timing.ts';
import compressPlugin from './plugins/external/compress.ts';
import swaggerPlugin from './plugins/external/swagger.ts';
import webPlugin from './plugins/external/web.ts';
import { inlineScriptSources } from './plugins/external/web-shell.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbKind: DatabaseHandle['kind'];
    mailer: Mailer;
    adminJobs: AdminJobs;
    push: PushSender;
    /** started by server.ts (tests call its `tick` themselves) */
    notifications: NotificationScheduler;
  }
}

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  logger?: boolean;
  /** where the log goes (default stdout); tests read it */
  logStream?: NodeJS.WritableStream;
}

/** The whole application as one Fastify instance; `server.ts` only starts it. */
export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) } : false,
    // one log line per request costs more than a trade's own work; production logs warnings and errors
    logController: new LogController({ disableRequestLogging: config.isProduction }),
    // TRUST_PROXY: a hop count believes that many X-Forwarded-For entries, from the right
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('mailer', new Mailer(config, database.db, app.log));
  app.decorate('adminJobs', new AdminJobs(database.db, database.kind, app.log));
  app.decorate('push', new PushSender(config));
  app.decorate(
    'notifications',
    new NotificationScheduler(
      { db: database.db, config, mailer: app.mailer, push: app.push, log: app.log },
      config.notificationsTickMs,
    ),
  );
  // the points folds scheduled after commits end with the app, before its database closes
  app.addHook('onClose', () => stopFolds(database.db));
  app.addHook('onClose', () => app.notifications.stop());

  // the security headers: helmet's middleware built once here (its Fastify plugin rebuilds it per request)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the shell inlines the theme script (plugins/external/web-shell.ts): allowed by its hash only
        scriptSrc: ["'self'", ...inlineScriptSources(config.webDist)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  await app.register(serverTimingPlugin);
  await app.register(compressPlugin);
  await app.register(cookie);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(inputGuardPlugin);
  await app.register(authPlugin);
  await app.register(swaggerPlugin);
  await app.register(livePlugin);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(leagueRoutes, { prefix: '/api/leagues' });
  await app.register(leagueJoinRoutes, { prefix: '/api/leagues' });
  await app.register(rosterRoutes, { prefix: '/api/leagues' });
  await app.register(rosterPointsRoutes, { prefix: '/api/leagues' });
  await app.register(matchRoutes, { prefix: '/api/leagues' });
  await app.register(leaderboardRoutes, { prefix: '/api/leagues' });
  await app.register(rewardRoutes, { prefix: '/api/leagues' });
  await app.register(liveRoutes, { prefix: '/api/leagues' });
  await app.register(marketRoutes, { prefix: '/api' });
  await app.register(privateLeagueRoutes, { prefix: '/api' });
  await app.register(fantaLeagueRoutes, { prefix: '/api' });
  await app.register(lotSweeperPlugin);
  await app.register(myGameRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  await app.register(publicNotificationRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  if (!config.isProduction) await app.register(devMailboxRoutes, { prefix: '/api/dev' });

  await app.register(maintenancePlugin);
  await app.register(webPlugin);
  return app;
}
