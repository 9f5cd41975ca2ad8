import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Normal states of a page are not errors: a browser console shows every 4xx as a failed request.
describe('normal states answer 200', () => {
  it('GET /api/auth/session: the user, or null for a visitor and after logout', async () => {
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });

    const u = await userAgent(ctx.app, ctx.database.db);
    const signedIn = await u.request({ method: 'GET', url: '/api/auth/session' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: u.userId, username: u.username, isAdmin: false });

    expect((await u.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const after = await u.request({ method: 'GET', url: '/api/auth/session' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ user: null });
  });

  it('GET /api/leagues/:id/my-roster: null in a league not joined, still 401 for a visitor', async () => {
    const league = await createLeague(ctx.database.db, { name: `Non iscritto ${Date.now()}`, type: 'LEC' });
    const u = await userAgent(ctx.app, ctx.database.db);
    const res = await u.request({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ roster: null });
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/leagues/${league.id}/my-roster` });
    expect(visitor.statusCode).toBe(401);
  });
});
