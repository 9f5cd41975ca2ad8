import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGETS } from '../../modules/auth/index.ts';
import { createLeague } from '../../seed/factories.ts';
import { randomDemoPasswords, seedDemoData } from '../../seed/seed.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let prod: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  prod = await createTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await ctx.close();
  await prod.close();
});

const mailbox = (app: TestContext['app'], remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress, headers });

describe('development mailbox', () => {
  it('answers only a browser on this machine talking to the server directly', async () => {
    expect((await mailbox(ctx.app, '127.0.0.1')).statusCode).toBe(200);
    expect((await mailbox(ctx.app, '::1')).statusCode).toBe(200);
    expect((await mailbox(ctx.app, '::ffff:127.0.0.1')).statusCode).toBe(200);
    expect((await mailbox(ctx.app, '10.0.0.7')).statusCode).toBe(404);
    expect((await mailbox(ctx.app, '192.168.1.20')).statusCode).toBe(404);
    // a reverse proxy on this machine forwards visitors from anywhere
    expect((await mailbox(ctx.app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await mailbox(ctx.app, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(404);
  });

  it('does not exist in production, not even for this machine', async () => {
    expect((await mailbox(prod.app, '127.0.0.1')).statusCode).toBe(404);
  });
});

describe('client addresses', () => {
  // one peer tries one wrong password on 31 accounts, claiming a new address each time: its budget is 30
  const spray = async (c: TestContext) => {
    const codes: number[] = [];
    for (let i = 0; i <= BUDGETS.loginPerIp.max; i++) {
      const res = await c.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `utente${i}@example.com`, password: 'sbagliata' },
        remoteAddress: '10.20.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      codes.push(res.statusCode);
    }
    return codes;
  };

  it('ignores X-Forwarded-For by default, in production too', async () => {
    for (const c of [ctx, prod]) {
      const codes = await spray(c);
      expect(codes.slice(0, -1).every((code) => code === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    }
  });

  it('believes the configured proxy hops', async () => {
    const behindProxy = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: '1' });
    try {
      expect((await spray(behindProxy)).every((code) => code === 401)).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('API description', () => {
  it('is not published in production unless API_DOCS=true', async () => {
    expect((await prod.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(404);
    expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    const withDocs = await createTestApp({ NODE_ENV: 'production', API_DOCS: 'true' });
    try {
      expect((await withDocs.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    } finally {
      await withDocs.close();
    }
  });
});

describe('demo data for a server others can reach', () => {
  it('gets random passwords, never the README one', async () => {
    const passwords = randomDemoPasswords();
    expect(new Set(passwords.values()).size).toBe(passwords.size);
    expect(await seedDemoData(prod.database.db, passwords)).toBe(true);
    const login = (password: string) =>
      prod.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@fantarift.local', password },
        remoteAddress: '10.21.0.1',
      });
    expect((await login('FantaRift!2026')).statusCode).toBe(401);
    const ok = await login(passwords.get('admin@fantarift.local')!);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.isAdmin).toBe(true);
  });
});

describe('server timing', () => {
  it('every API answer, errors too, says how long the server took; the pages do not', async () => {
    for (const url of ['/api/health', '/api/leagues/not-a-league/leaderboard']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d$/);
    }
    const page = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['server-timing']).toBeUndefined();
  });

  it('the leaderboard names its parts after the whole', async () => {
    const user = await userAgent(ctx.app, ctx.database.db, { username: 'timing_lb' });
    const league = await createLeague(ctx.database.db, { name: 'Classifica tempi', type: 'LEC' });
    await user.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const res = await user.request({ method: 'GET', url: `/api/leagues/${league.id}/leaderboard` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['server-timing']).toMatch(
      /^app;dur=\d+\.\d, first;dur=\d+\.\d, standings;dur=\d+\.\d, rows;dur=\d+\.\d$/,
    );
  });
});
