import { randomBytes } from 'node:crypto';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { withDatabaseName } from '../test/database-url.ts';
import { isPostgresServer } from '../test/test-app.ts';
import { openPostgres } from './client.ts';

it.skipIf(!isPostgresServer())(
  'closing a PostgreSQL handle resolves once the server has let its connections go, so the database can be dropped',
  async () => {
    const url = process.env.DATABASE_URL!;
    const name = `fantarift_close_${randomBytes(6).toString('hex')}`;
    const admin = openPostgres(url, 1);
    await admin.db.execute(`create database ${name}`);
    try {
      const handle = openPostgres(withDatabaseName(url, name), 4);
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      const sockets: Socket[] = [];
      pool.on('connect', (client) => {
        sockets.push((client as unknown as { connection: { stream: Socket } }).connection.stream);
      });
      // four statements at once open four connections
      await Promise.all([1, 2, 3, 4].map(() => handle.db.execute(sql`select pg_sleep(0.05)`)));
      expect(sockets).toHaveLength(4);
      await handle.close();
      expect(sockets.map((s) => s.destroyed)).toEqual([true, true, true, true]);
      const { rows } = await admin.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity where datname = ${name}`,
      );
      expect(rows[0]!.n).toBe(0);
    } finally {
      await admin.db.execute(`drop database if exists ${name} with (force)`);
      await admin.close();
    }
  },
);
