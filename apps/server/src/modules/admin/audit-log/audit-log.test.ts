import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../../../lib/audit.ts';
import { userAgent } from '../../../test/fixtures.ts';
import type { Agent } from '../../../test/http.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: Agent & { userId: string; username: string };
let other: Agent & { userId: string; username: string };
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
  other = await userAgent(ctx.app, ctx.database.db, { isAdmin: true });
});
afterAll(() => ctx.close());

const get = (url: string) => admin.request({ method: 'GET', url });

describe('GET /api/admin/audit-log', () => {
  it('pages newest first with a cursor, filters by admin, severity, table and date range', async () => {
    const db = ctx.database.db;
    const table = `t_${Date.now()}`;
    for (let i = 0; i < 5; i++) {
      await writeAudit(
        db,
        { adminUserId: i % 2 ? other.userId : admin.userId, userAgent: null },
        {
          action: 'TEST_ACTION',
          tableName: table,
          recordId: String(i),
          oldValues: { n: i },
          newValues: { n: i + 1 },
          severity: i === 4 ? 'HIGH' : 'LOW',
        },
      );
    }
    const first = await get(`/api/admin/audit-log?tableName=${table}&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().entries.map((e: { recordId: string }) => e.recordId)).toEqual(['4', '3']);
    expect(first.json().nextCursor).toEqual(expect.any(String));
    const second = await get(
      `/api/admin/audit-log?tableName=${table}&limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(second.json().entries.map((e: { recordId: string }) => e.recordId)).toEqual(['2', '1']);
    const third = await get(
      `/api/admin/audit-log?tableName=${table}&limit=2&cursor=${second.json().nextCursor}`,
    );
    expect(third.json().entries.map((e: { recordId: string }) => e.recordId)).toEqual(['0']);
    expect(third.json().nextCursor).toBeNull();

    const byAdmin = await get(`/api/admin/audit-log?tableName=${table}&adminUserId=${other.userId}`);
    expect(byAdmin.json().entries.map((e: { recordId: string }) => e.recordId)).toEqual(['3', '1']);
    expect(byAdmin.json().entries[0]).toMatchObject({ adminUsername: other.username, oldValues: { n: 3 } });

    const high = await get(`/api/admin/audit-log?tableName=${table}&severity=HIGH`);
    expect(high.json().entries.map((e: { recordId: string }) => e.recordId)).toEqual(['4']);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const none = await get(`/api/admin/audit-log?tableName=${table}&from=${encodeURIComponent(future)}`);
    expect(none.json().entries).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const some = await get(
      `/api/admin/audit-log?tableName=${table}&from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`,
    );
    expect(some.json().entries).toHaveLength(5);
  });

  it('refuses a range that ends before it starts and a malformed cursor', async () => {
    const bad = await get('/api/admin/audit-log?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('La data iniziale deve precedere quella finale');
    expect((await get('/api/admin/audit-log?cursor=abc')).statusCode).toBe(400);
  });

  it('refuses a date the database cannot hold with its own message, before any query', async () => {
    for (const date of ['99999-12-31', '-000001-01-01', '0001-01-01']) {
      const res = await get(`/api/admin/audit-log?from=${encodeURIComponent(date)}`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json().code, date).not.toBe('INVALID_VALUE');
      expect(res.json().message, date).toBe('Data fuori dall’intervallo ammesso (anni 2000–9999)');
    }
  });

  it('offers the actions, tables and admins the log holds', async () => {
    await writeAudit(
      ctx.database.db,
      { adminUserId: other.userId, userAgent: null },
      { action: 'FACET_ACTION', tableName: 'facet_table' },
    );
    const res = await get('/api/admin/audit-log/facets');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().actions).toContain('FACET_ACTION');
    expect(res.json().tables).toContain('facet_table');
    expect(res.json().admins).toContainEqual({ id: other.userId, username: other.username });
  });
});
