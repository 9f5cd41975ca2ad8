import type { AppConfig } from '../config/env.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { DataDirLockedError } from '../db/data-lock.ts';

/**
 * Opens the configured database for a command-line tool or the server; when another process owns the
 * embedded database, prints who and what to do, and exits 1 (no stack trace, nothing changed).
 */
export async function openDatabaseOrExit(config: AppConfig, hint?: string): Promise<DatabaseHandle> {
  try {
    return await openDatabase(config);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    console.error(hint ? `${err.message}\n${hint}` : err.message);
    process.exit(1);
  }
}
