import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { TEMPLATE_DATABASE, withDatabaseName } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database before the suite: a PGlite data dir dumped to a file (each test file loads a
 * fresh copy), or, when DATABASE_URL is set, a PostgreSQL template database that each test file clones.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = openPostgres(url, 1);
    await admin.db.execute(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.db.execute(`create database ${TEMPLATE_DATABASE}`);
    const template = openPostgres(withDatabaseName(url, TEMPLATE_DATABASE), 1);
    await template.migrate();
    await template.close();
    await admin.close();
    project.provide('postgresTemplate', TEMPLATE_DATABASE);
    project.provide('pgliteDump', '');
    return async () => {
      const cleanup = openPostgres(url, 1);
      await cleanup.db.execute(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await cleanup.close();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'fantarift-test-'));
  const client = await PGlite.create();
  const handle = openPglite(client);
  await handle.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('pgliteDump', file);
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
