import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAndParticipant, tableCounts } from '../../test/admin-fixtures.ts';
import { agent } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation the OpenAPI document lists under /api/admin, path parameters filled with random UUIDs. */
async function adminOperations() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, unknown>>;
  const ops: { method: (typeof METHODS)[number]; url: string; template: string; csv: boolean }[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!template.startsWith('/api/admin')) continue;
    for (const method of METHODS) {
      const op = item[method] as { requestBody?: { content?: Record<string, unknown> } } | undefined;
      if (!op) continue;
      // each operation gets a body of the type it declares (JSON, or the import's CSV)
      const csv = Boolean(op.requestBody?.content?.['text/csv']);
      ops.push({ method, template, url: template.replace(/\{[^}]+\}/g, () => randomUUID()), csv });
    }
  }
  return ops;
}

const plausibleBody = {
  name: 'Nuovo nome',
  type: 'LEC',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  teams: ['Team A', 'Team B'],
  phases: [{ name: 'Regular Season', teamCount: 10, startDate: '2026-01-01', endDate: '2026-03-01' }],
  open: true,
  pandaCoin: 5,
  burroCoin: 5,
  totalPoints: 10,
  playerId: randomUUID(),
  championId: randomUUID(),
  leagueId: randomUUID(),
  performanceUrl: 'https://example.com',
  phaseName: 'Finals',
  teamCount: 2,
  tier: 1,
  cost: 1,
  role: 'Mid',
  roles: ['Mid'],
  team: 'Team A',
};

describe('every /api/admin operation is guarded on the server', () => {
  it('answers 401 to a visitor and 403 to a participant, and changes nothing', async () => {
    const db = ctx.database.db;
    const { participant } = await adminAndParticipant(ctx.app, db);
    const visitor = agent(ctx.app);
    const ops = await adminOperations();
    // the admin area of issue 4 alone has more than 30 operations: an empty list would prove nothing
    expect(ops.length).toBeGreaterThan(30);
    const before = await tableCounts(db);

    for (const op of ops) {
      const payload =
        op.method === 'get' || op.method === 'delete' ? undefined : op.csv ? 'gameid\n' : plausibleBody;
      const headers = op.csv ? { 'content-type': 'text/csv' } : undefined;
      const anon = await visitor.request({
        method: op.method.toUpperCase() as 'GET',
        url: op.url,
        payload,
        headers,
      });
      expect(anon.statusCode, `${op.method} ${op.template} as visitor`).toBe(401);
      expect(anon.json().message).toBe('Non autenticato');
      const user = await participant.request({
        method: op.method.toUpperCase() as 'GET',
        url: op.url,
        payload,
        headers,
      });
      expect(user.statusCode, `${op.method} ${op.template} as participant`).toBe(403);
      expect(user.json().message).toBe('Non hai i permessi per accedere a questa pagina.');
    }
    expect(await tableCounts(db)).toEqual(before);
  });

  it('lets an admin through', async () => {
    const { admin } = await adminAndParticipant(ctx.app, ctx.database.db);
    const res = await admin.request({ method: 'GET', url: '/api/admin/overview' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ leagues: expect.any(Number), teams: expect.any(Number) });
  });
});
