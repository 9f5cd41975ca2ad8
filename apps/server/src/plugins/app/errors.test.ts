import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import { createLoggingApp, openTestDatabase } from '../../test/test-app.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

describe('an answer its response schema refuses', () => {
  it('is a 500 logged as a schema fault: the route, the field and the rule, never the value', async () => {
    let log = '';
    const app = await createLoggingApp(database, (text) => {
      log += text;
    });
    const secret = `Nome riservato ${'x'.repeat(40)}`;
    app.get(
      '/api/test/narrow-answer',
      { schema: { response: { 200: z.object({ items: z.array(z.object({ name: z.string().max(20) })) }) } } },
      async () => ({ items: [{ name: 'breve' }, { name: secret }] }),
    );
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/api/test/narrow-answer' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Errore del server. Riprova più tardi.' });
      const line = log
        .split('\n')
        .filter((l) => l.includes('response does not match its schema'))
        .map((l) => JSON.parse(l));
      expect(line).toEqual([
        expect.objectContaining({
          level: 50,
          route: '/api/test/narrow-answer',
          method: 'GET',
          issues: [{ path: 'items.1.name', code: 'too_big', message: expect.stringContaining('20') }],
        }),
      ]);
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
