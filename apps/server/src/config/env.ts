import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('FantaRift <noreply@fantarift.local>'),
  SEED_DEMO: booleanFromString.optional(),
  API_DOCS: booleanFromString.optional(),
  TRUST_PROXY: z.string().max(2000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  COOKIE_SECURE: booleanFromString.optional(),
  WEB_DIST: z.string().optional(),
  // a lower member limit for private leagues (tests at the limit's edge); never above the product's 10,000
  PRIVATE_LEAGUE_MAX_MEMBERS: z.coerce.number().int().min(1).max(10_000).default(10_000),
  // Web Push (issue 33): the VAPID keys, else made on the first start and kept in the database
  VAPID_PUBLIC_KEY: z.string().max(200).optional(),
  VAPID_PRIVATE_KEY: z.string().max(200).optional(),
  VAPID_SUBJECT: z.string().max(300).optional(),
  // push endpoints the server may post to though they are not public https hosts (tests): host:port, comma-separated
  WEB_PUSH_ALLOW_HOSTS: z.string().max(2000).optional(),
  // how often the notification scheduler looks for due work
  NOTIFICATIONS_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
});

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** PostgreSQL connections the server holds at most (db/client.ts `defaultPoolSize` when unset) */
  databasePoolSize: number | undefined;
  dataDir: string;
  appUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** load the demo data into an empty database (never in production unless SEED_DEMO=true) */
  seedDemo: boolean;
  /** the README's demo password only on a development server reachable from this machine alone */
  demoPasswords: 'readme' | 'random';
  /** /api/openapi.json and /api/docs (off in production unless API_DOCS=true) */
  apiDocs: boolean;
  /** Fastify `trustProxy`: which X-Forwarded-For hops to believe (none by default) */
  trustProxy: false | number | string[];
  logLevel: string;
  cookieSecure: boolean;
  webDist: string;
  privateLeagueMaxMembers: number;
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** the `sub` of the VAPID claims: a contact for the push services */
  vapidSubject: string;
  webPushAllowHosts: string[];
  notificationsTickMs: number;
}

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  // development listens on this machine only; a server for others is configured on purpose
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: path.resolve(repoRoot, e.DATA_DIR),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    seedDemo: isProduction ? e.SEED_DEMO === true : (e.SEED_DEMO ?? true),
    demoPasswords: !isProduction && isLoopbackHost(host) ? 'readme' : 'random',
    apiDocs: e.API_DOCS ?? !isProduction,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    cookieSecure: e.COOKIE_SECURE ?? isProduction,
    webDist: path.resolve(repoRoot, e.WEB_DIST ?? 'apps/web/dist'),
    privateLeagueMaxMembers: e.PRIVATE_LEAGUE_MAX_MEMBERS,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    webPushAllowHosts: (e.WEB_PUSH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    notificationsTickMs: e.NOTIFICATIONS_TICK_MS,
  };
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: empty / false / 0 = the client is the TCP peer (X-Forwarded-For ignored); a number = that
 * many proxy hops in front of the app; otherwise a comma-separated list of proxy addresses or CIDR ranges
 * (or proxy-addr's names loopback, linklocal, uniquelocal). `true` would let any client pick its own IP,
 * so it is refused.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'false' || v === '0' || v === 'no') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error('Invalid environment: TRUST_PROXY: at most 10 proxy hops');
    return hops;
  }
  if (v === 'true' || v === 'yes') {
    throw new Error(
      'Invalid environment: TRUST_PROXY: "true" would trust X-Forwarded-For from anyone; give the number of proxy hops or the proxy addresses',
    );
  }
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_RANGE_NAMES.has(entry) && (family === 0 || !prefixOk || extra !== undefined)) {
      throw new Error(
        `Invalid environment: TRUST_PROXY: "${entry}" is not an address, a CIDR range or a hop count`,
      );
    }
  }
  return entries;
}
