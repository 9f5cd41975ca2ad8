import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-lock.ts';
import * as schema from './schema.ts';

// Both drivers expose the same query builder; we type the handle once with the node-postgres flavour.
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

// Numeric columns come back as strings from node-postgres; bigint counts too. Points fit in a double.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * The server's PostgreSQL connections: twice the machine's cores and one, and as many again. A trade is one
 * short statement whose commit then waits for its WAL flush without using a core; the connections waiting
 * there share one flush (group commit), so a pool of only the cores' worth caps trades at its size per flush
 * and a slow flush (another writer on the disk) backs every request up. Many more make the backends wait on
 * each other (the hot league row's shared lock, the WAL insertion) and cost each trade more CPU
 * (docs/deadline-rush.md).
 */
export const defaultPoolSize = () => (os.availableParallelism() * 2 + 1) * 2;

/** How long closing waits for the pool's connections to be closed by the server. */
const CLOSE_WAIT_MS = 5_000;

export function openPostgres(url: string, poolSize = defaultPoolSize()): DatabaseHandle {
  // Connections are kept however long they idle (node-postgres closes them after 10 s by default). A new
  // backend's first trade loads its catalog caches, plans its statements and compiles the triggers'
  // functions, several times a warm trade's time (docs/deadline-rush.md), and a deadline's burst often
  // follows a quiet minute. Idle ones do not keep a process alive that has nothing else to do.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  // An idle client can lose its connection (server restart, admin termination); the pool replaces it.
  pool.on('error', (err) => console.warn('PostgreSQL idle client error:', err.message));
  const db = drizzleNodePg({ client: pool, schema });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      // pool.end() resolves once every connection is asked to close, not once it has: a database dropped
      // right after (the tests' clones) would still find their backends, and end them with an error. The
      // timer bounds the wait and keeps the process alive meanwhile (an idle pool's sockets do not).
      let open = pool.totalCount;
      let timer: NodeJS.Timeout | undefined;
      const closed = new Promise<void>((resolve) => {
        if (open === 0) return resolve();
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
        pool.on('remove', () => {
          if (--open === 0) resolve();
        });
      });
      await pool.end();
      await closed;
      clearTimeout(timer);
    },
  };
}

export function openPglite(client: PGlite, onClose?: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: async () => {
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.databasePoolSize);
  const dir = path.join(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  // one process owns the embedded database (see data-lock.ts); a second one stops here with its name.
  // The lock sits beside PGlite's folder, not in it: that folder is PostgreSQL's own.
  const release = lockDataDir(options.dataDir);
  try {
    const client = await PGlite.create(dir);
    return openPglite(client, release);
  } catch (err) {
    release();
    throw err;
  }
}

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement on a PostgreSQL server (parsed and planned once
 * per connection, not on every request); on PGlite, or given a transaction, it runs as a plain statement
 * (of that transaction). A name must always carry the same statement text.
 */
export async function executeNamed<T extends Record<string, unknown>>(
  db: DbOrTx,
  name: string,
  query: SQL,
): Promise<{ rows: T[] }> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query<T>({ name, text, values: params as unknown[] });
    return { rows: result.rows };
  }
  const result = await db.execute(query);
  return { rows: result.rows as T[] };
}
