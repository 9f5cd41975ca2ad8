import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../db/client.ts';
import { withDatabaseName } from './database-url.ts';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * A fresh, migrated database: a copy of the dumped PGlite, or a clone of the PostgreSQL template. Its points
 * events are numbered from a random start: the test files of a worker share one process (`isolate: false`),
 * and the process keeps unpacked events by number.
 */
export async function openTestDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const { database, drop } = await openFreshDatabase();
  const start = 1 + Math.floor(Math.random() * 2 ** 40);
  await database.db.execute(
    sql`select setval(pg_get_serial_sequence('roster_points_ledger', 'id'), ${start})`,
  );
  return { database, drop };
}

async function openFreshDatabase(): Promise<{ database: DatabaseHandle; drop(): Promise<void> }> {
  const template = inject('postgresTemplate');
  const url = process.env.DATABASE_URL;
  if (template && url) {
    const name = `fantarift_t_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url, 1);
    await admin.db.execute(`create database ${name} template ${template}`);
    const database = openPostgres(withDatabaseName(url, name), 30);
    return {
      database,
      async drop() {
        await database.close();
        await admin.db.execute(`drop database if exists ${name} with (force)`);
        await admin.close();
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
  const database = openPglite(client);
  return { database, drop: () => database.close() };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://fantarift.test',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * An app on the given database that logs its errors to `onLog`, line by line, as the server log would
 * write them; not ready yet, so that the test can add the routes it needs.
 */
export async function createLoggingApp(database: DatabaseHandle, onLog: (text: string) => void) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      onLog(chunk.toString());
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', LOG_LEVEL: 'error' });
  return buildApp({ config, database, logger: true, logStream: stream });
}

export const isPostgresServer = () => Boolean(inject('postgresTemplate'));
