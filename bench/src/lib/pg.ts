import { type Database, type DatabaseHandle, openPostgres } from '@fantarift/server/src/db/client.ts';
import { sql } from 'drizzle-orm';

export const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
/**
 * The database every suite works in: created fresh at the start, dropped at the end. `BENCH_DB_SUFFIX`
 * (letters, digits, _) gives a run its own database, so two runs on one server do not drop each other's.
 */
const SUFFIX = /^[a-z0-9_]{1,20}$/.test(process.env.BENCH_DB_SUFFIX ?? '')
  ? `_${process.env.BENCH_DB_SUFFIX}`
  : '';
export const BENCH_DATABASE = `fantarift_bench${SUFFIX}`;
export const PGBENCH_DATABASE = `fantarift_pgbench${SUFFIX}`;
/** Databases the bench must never create, drop or connect to. */
const PROTECTED = new Set(['test', 'postgres', 'template0', 'template1']);

/** The admin connection (only used to create and drop the bench's own databases). */
export function adminUrl(): string {
  const url = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  assertLoopback(url);
  return url;
}

/** The bench measures this machine only: refuse any server that is not 127.0.0.1. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1') {
    throw new Error(`BENCH_DATABASE_URL must point to 127.0.0.1 (got "${host}")`);
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function assertBenchName(name: string): void {
  if (!/^fantarift_[a-z0-9_]+$/.test(name) || PROTECTED.has(name)) {
    throw new Error(`refusing to touch database "${name}"`);
  }
}

async function withAdmin<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = openPostgres(adminUrl(), 1);
  try {
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

/** Drops (forcing out any connection) and creates an empty database of the bench's own. */
export async function recreateDatabase(name: string): Promise<string> {
  assertBenchName(name);
  await withAdmin(async (db) => {
    await db.execute(`drop database if exists ${name} with (force)`);
    await db.execute(`create database ${name}`);
  });
  return withDatabase(adminUrl(), name);
}

export async function dropDatabase(name: string): Promise<void> {
  assertBenchName(name);
  await withAdmin((db) => db.execute(`drop database if exists ${name} with (force)`));
}

export function openBenchDatabase(url: string, poolSize: number): DatabaseHandle {
  assertLoopback(url);
  return openPostgres(url, poolSize);
}

export interface ServerFacts {
  version: string;
  maxConnections: number;
  superuserReserved: number;
  sharedBuffers: string;
  synchronousCommit: string;
  /** client connections open right now, on every database of the server */
  openConnections: number;
}

export async function serverFacts(db: Database): Promise<ServerFacts> {
  const { rows } = await db.execute<{
    version: string;
    max_connections: string;
    reserved: string;
    shared_buffers: string;
    synchronous_commit: string;
    open_connections: number;
  }>(sql`select current_setting('server_version') as version,
                current_setting('max_connections') as max_connections,
                current_setting('superuser_reserved_connections') as reserved,
                current_setting('shared_buffers') as shared_buffers,
                current_setting('synchronous_commit') as synchronous_commit,
                (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as open_connections`);
  const r = rows[0]!;
  return {
    version: r.version,
    maxConnections: Number(r.max_connections),
    superuserReserved: Number(r.reserved),
    sharedBuffers: r.shared_buffers,
    synchronousCommit: r.synchronous_commit,
    openConnections: Number(r.open_connections),
  };
}
