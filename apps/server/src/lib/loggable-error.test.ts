import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { createUser } from '../seed/factories.ts';
import { createLoggingApp, openTestDatabase } from '../test/test-app.ts';
import { hashPassword } from './password.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('server log', () => {
  it('records a failed query without its parameters', async () => {
    let log = '';
    const app = await createLoggingApp(database, (text) => {
      log += text;
    });
    const secretHash = await hashPassword('una-password-segreta');
    await createUser(database.db, { email: 'doppio@example.com', username: 'doppio' });
    // a write that fails inside a request, with a password hash and an e-mail among its parameters (a
    // missing table: a server fault, not one the input safety net turns into a 4xx)
    app.post('/api/test/failing-write', async () => {
      await app.db.execute(
        sql`insert into no_such_table (email, password_hash) values (${'doppio@example.com'}, ${secretHash})`,
      );
      return {};
    });
    await app.ready();
    try {
      const res = await app.inject({ method: 'POST', url: '/api/test/failing-write' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Errore del server. Riprova più tardi.');
      expect(log).toContain('unhandled error');
      expect(log).toContain('Failed query: insert into');
      expect(log).toContain('no_such_table');
      expect(log).not.toContain(secretHash);
      expect(log).not.toContain(secretHash.split('$').at(-1));
      expect(log).not.toContain('doppio@example.com');
    } finally {
      await app.close();
    }
  });
});
