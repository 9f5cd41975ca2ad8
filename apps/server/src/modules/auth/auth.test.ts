import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, sessions, users } from '../../db/schema.ts';
import { agent, latestMailLink, registeredUser } from '../../test/http.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { setAdmin } from './admin-flag.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('sign-up and e-mail confirmation', () => {
  it('creates an unconfirmed account and mails a confirmation link to /login', async () => {
    const a = agent(ctx.app);
    const res = await a.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: '  marco  ', email: '  Marco@Example.com ', password: 'segreta1' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.username, 'marco'));
    expect(user?.email).toBe('marco@example.com');
    expect(user?.emailConfirmedAt).toBeNull();
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const link = await latestMailLink(ctx.app, 'marco@example.com', '/login');
    expect(link.origin).toBe('http://fantarift.test');
    expect(link.searchParams.get('confirm')).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses a login before confirmation, then accepts it after', async () => {
    const a = agent(ctx.app);
    await a.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'giulia', email: 'giulia@example.com', password: 'segreta1' },
    });
    const early = await a.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'giulia@example.com', password: 'segreta1' },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe('Conferma il tuo account tramite email prima di accedere');

    const link = await latestMailLink(ctx.app, 'giulia@example.com', '/login');
    const token = link.searchParams.get('confirm');
    const confirm = await a.request({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe('Email confermata! Ora puoi accedere.');
    // the link opened again: the account is confirmed already, which is what the user needs to know
    const again = await a.request({ method: 'POST', url: '/api/auth/confirm-email', payload: { token } });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Il tuo account è già confermato: puoi accedere.');
    const forged = await a.request({
      method: 'POST',
      url: '/api/auth/confirm-email',
      payload: { token: `${token}x` },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe('Link di conferma non valido o scaduto');

    const login = await a.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'GIULIA@example.com ', password: 'segreta1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user).toMatchObject({ username: 'giulia', isAdmin: false });
    const cookie = login.cookies.find((c) => c.name === 'fr_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await a.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().user.email).toBe('giulia@example.com');
  });

  it('gives the spec messages for invalid input and duplicates', async () => {
    const post = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
    expect(
      (await post({ username: 'ab', email: 'x@example.com', password: 'segreta1' })).json().message,
    ).toBe('Il nome utente deve essere di almeno 3 caratteri');
    expect((await post({ username: 'abc', email: 'x@example.com', password: '12345' })).json().message).toBe(
      'La password deve essere di almeno 6 caratteri',
    );
    expect(
      (await post({ username: 'abc', email: 'non-una-email', password: 'segreta1' })).json().message,
    ).toBe('Email non valida');
    await registeredUser(ctx.app, { username: 'luca', email: 'luca@example.com' });
    const dupEmail = await post({ username: 'luca2', email: 'LUCA@example.com', password: 'segreta1' });
    expect(dupEmail.statusCode).toBe(409);
    expect(dupEmail.json().message).toBe('Questo email è già registrato. Prova ad accedere invece.');
    const dupName = await post({ username: 'Luca', email: 'luca2@example.com', password: 'segreta1' });
    expect(dupName.statusCode).toBe(409);
  });
});

describe('login, logout and sessions', () => {
  it('answers a wrong password and an unknown e-mail the same way', async () => {
    await registeredUser(ctx.app, { username: 'sara', email: 'sara@example.com' });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'sara@example.com', password: 'sbagliata' },
    });
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nessuno@example.com', password: 'sbagliata' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Email o password non corretti');
    }
  });

  it('requires every field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@b.it' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Compila tutti i campi');
  });

  it('logout ends every session of the user', async () => {
    const phone = await registeredUser(ctx.app, { username: 'paolo', email: 'paolo@example.com' });
    const laptop = agent(ctx.app);
    await laptop.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'paolo@example.com', password: 'segreta123' },
    });
    expect((await laptop.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const out = await phone.request({ method: 'POST', url: '/api/auth/logout' });
    expect(out.json().message).toBe('Logout effettuato con successo');
    expect((await phone.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await laptop.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const a = await registeredUser(ctx.app, { username: 'anna', email: 'anna@example.com' });
    const token = a.cookie!.split('=')[1]!;
    const rows = await ctx.database.db.select().from(sessions);
    expect(rows.some((r) => r.id === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });
});

describe('password reset and change', () => {
  it('resets with a single-use link and ends the old sessions', async () => {
    const a = await registeredUser(ctx.app, { username: 'elena', email: 'elena@example.com' });
    const forgot = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'elena@example.com' },
    });
    expect(forgot.statusCode).toBe(200);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'fantasma@example.com' },
    });
    expect(unknown.json()).toEqual(forgot.json());

    const link = await latestMailLink(ctx.app, 'elena@example.com', '/reset-password');
    expect(link.searchParams.get('type')).toBe('recovery');
    const token = link.searchParams.get('token');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'nuovapass' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await a.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);

    const reuse = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'altrapass' },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('Link non valido o scaduto');

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'elena@example.com', password: 'nuovapass' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired reset link', async () => {
    await registeredUser(ctx.app, { username: 'franco', email: 'franco@example.com' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'franco@example.com' },
    });
    const link = await latestMailLink(ctx.app, 'franco@example.com', '/reset-password');
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, 'franco@example.com'));
    await ctx.database.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.userId, user!.id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), password: 'nuovapass' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('changes the password, ending other sessions but keeping this browser signed in', async () => {
    const a = await registeredUser(ctx.app, { username: 'carlo', email: 'carlo@example.com' });
    const other = agent(ctx.app);
    await other.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'carlo@example.com', password: 'segreta123' },
    });
    const wrong = await a.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'sbagliata', newPassword: 'nuovapass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La password attuale non è corretta');
    const ok = await a.request({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'segreta123', newPassword: 'nuovapass' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await a.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await other.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'x', newPassword: 'nuovapass' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  // repeated failed logins: throttle.test.ts (per account and IP, never a lock-out of the owner)
  it('limits reset e-mails per address', async () => {
    const ask = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'spam@example.com' },
        remoteAddress: '10.2.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});

describe('admin guard', () => {
  it('refuses a visitor with 401 and a participant with 403, and admits an admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
    const p = await registeredUser(ctx.app, { username: 'mario', email: 'mario@example.com' });
    const refused = await p.request({ method: 'GET', url: '/api/admin/overview' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Non hai i permessi per accedere a questa pagina.');
    await setAdmin(ctx.database.db, 'mario@example.com', true);
    const me = await p.request({ method: 'GET', url: '/api/auth/me' });
    expect(me.json().user.isAdmin).toBe(true);
    expect((await p.request({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(200);
  });
});

describe('platform', () => {
  it('reports health and publishes every route in the OpenAPI document', async () => {
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().status).toBe('ok');
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signup', '/api/auth/login', '/api/auth/me', '/api/admin/overview']),
    );
    expect(doc.paths['/api/auth/signup'].post.requestBody).toBeDefined();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('hides the dev mailbox in production', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
