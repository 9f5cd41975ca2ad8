import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, rateLimits, users } from '../../db/schema.ts';
import { latestMailLink, registeredUser } from '../../test/http.ts';
import { createTestApp, isPostgresServer, type TestContext } from '../../test/test-app.ts';
import { ACCOUNT_GATE, BUDGETS, purgeExpiredRateLimits } from './throttle.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const login = (email: string, password: string, ip: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

const statuses = (responses: { statusCode: number }[]) => {
  const count: Record<number, number> = {};
  for (const r of responses) count[r.statusCode] = (count[r.statusCode] ?? 0) + 1;
  return count;
};

describe('login guessing', () => {
  it.skipIf(!isPostgresServer())(
    '500 wrong passwords at once from one IP: only a handful are checked, and the right one is refused there',
    async () => {
      await registeredUser(ctx.app, {
        username: 'bersaglio',
        email: 'bersaglio@example.com',
        ip: '10.5.0.1',
      });
      const burst = await Promise.all(
        Array.from({ length: 500 }, (_, i) => login('bersaglio@example.com', `sbagliata${i}`, '10.5.9.9')),
      );
      const count = statuses(burst);
      // a 401 is a password that was verified; a 429 was refused before the hash
      expect(count[401] ?? 0).toBeLessThanOrEqual(BUDGETS.loginPerAccountAndIp.max);
      expect(count[429]).toBeGreaterThanOrEqual(500 - BUDGETS.loginPerAccountAndIp.max);
      expect(Object.keys(count).sort()).toEqual(['401', '429']);
      expect((await login('bersaglio@example.com', 'segreta123', '10.5.9.9')).statusCode).toBe(429);
      // the owner, elsewhere, is not locked out
      expect((await login('bersaglio@example.com', 'segreta123', '10.5.0.2')).statusCode).toBe(200);
    },
  );

  it.skipIf(!isPostgresServer())(
    '500 wrong passwords at once from 500 IPs: the account gate lets only its free failures through',
    async () => {
      await registeredUser(ctx.app, { username: 'sciame', email: 'sciame@example.com', ip: '10.6.0.1' });
      const burst = await Promise.all(
        Array.from({ length: 500 }, (_, i) =>
          login('sciame@example.com', `sbagliata${i}`, `10.6.${1 + Math.floor(i / 250)}.${i % 250}`),
        ),
      );
      const count = statuses(burst);
      expect(count[401] ?? 0).toBeGreaterThanOrEqual(1);
      // free failures, then 2 s, 4 s, … between attempts: the burst is over long before the next slot
      expect(count[401] ?? 0).toBeLessThanOrEqual(ACCOUNT_GATE.freeFailures + ACCOUNT_GATE.maxInFlight);
      expect((count[401] ?? 0) + (count[429] ?? 0)).toBe(500);
    },
  );

  it('a stranger’s five wrong passwords do not lock the owner out from another IP', async () => {
    await registeredUser(ctx.app, { username: 'bruno', email: 'bruno@example.com', ip: '10.1.0.1' });
    for (let i = 0; i < 5; i++) {
      expect((await login('bruno@example.com', 'sbagliata', '10.1.0.66')).statusCode).toBe(401);
    }
    // the stranger's own budget for this account is spent, even with the right password
    const stranger = await login('bruno@example.com', 'segreta123', '10.1.0.66');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().message).toBe('Troppi tentativi. Riprova tra qualche minuto.');
    expect((await login('bruno@example.com', 'segreta123', '10.1.0.99')).statusCode).toBe(200);
  });

  it('after many failures from many IPs, new devices wait; the owner’s device and a reset get through', async () => {
    const owner = await registeredUser(ctx.app, {
      username: 'vittima',
      email: 'vittima@example.com',
      ip: '10.7.0.1',
    });
    const device = owner.cookie; // the session cookie only; the device cookie is read from the login reply
    expect(device).toBeDefined();
    const ownerLogin = await login('vittima@example.com', 'segreta123', '10.7.0.1');
    const deviceCookie = ownerLogin.cookies.find((c) => c.name === 'fr_device');
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    for (let i = 0; i <= ACCOUNT_GATE.freeFailures; i++) {
      expect((await login('vittima@example.com', 'sbagliata', `10.7.1.${i}`)).statusCode).toBe(401);
    }
    // past the free failures every unknown device waits, whatever its IP and even with the right password
    expect((await login('vittima@example.com', 'segreta123', '10.7.2.1')).statusCode).toBe(429);
    // the browser the owner used before skips the wait
    const trusted = await login(
      'vittima@example.com',
      'segreta123',
      '10.7.2.2',
      `fr_device=${deviceCookie!.value}`,
    );
    expect(trusted.statusCode, trusted.body).toBe(200);
    // a forged device cookie does not
    expect(
      (await login('vittima@example.com', 'segreta123', '10.7.2.3', `fr_device=${'x'.repeat(43)}`))
        .statusCode,
    ).toBe(429);
    // a password reset proves the owner: the account's backoff is cleared
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'vittima@example.com' },
      remoteAddress: '10.7.3.1',
    });
    const link = await latestMailLink(ctx.app, 'vittima@example.com', '/reset-password');
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: link.searchParams.get('token'), password: 'nuovapass' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login('vittima@example.com', 'nuovapass', '10.7.2.1')).statusCode).toBe(200);
  });

  it('gives an unknown e-mail the same answers and the same budget as a real one', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await login('fantasma@example.com', 'sbagliata', '10.8.0.1')).statusCode).toBe(401);
    }
    expect((await login('fantasma@example.com', 'sbagliata', '10.8.0.1')).statusCode).toBe(429);
  });
});

describe('change-password guessing', () => {
  it('counts wrong current passwords before checking them', async () => {
    const a = await registeredUser(ctx.app, {
      username: 'rubato',
      email: 'rubato@example.com',
      ip: '10.9.0.1',
    });
    const attempt = (currentPassword: string) =>
      a.request({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword, newPassword: 'nuovapass' },
      });
    const tries = isPostgresServer()
      ? await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(`sbagliata${i}`)))
      : await (async () => {
          const out = [];
          for (let i = 0; i < 8; i++) out.push(await attempt(`sbagliata${i}`));
          return out;
        })();
    const count = statuses(tries);
    expect(count[400] ?? 0).toBeLessThanOrEqual(BUDGETS.changePasswordPerAccount.max);
    expect(count[429]).toBe(tries.length - (count[400] ?? 0));
    expect((await attempt('segreta123')).statusCode).toBe(429);
  });
});

describe('sign-up', () => {
  it('limits the accounts one IP can create, sending no mail past the limit', async () => {
    const signup = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { username: `massa${i}`, email: `massa${i}@example.com`, password: 'segreta1' },
        remoteAddress: '10.10.0.1',
      });
    for (let i = 0; i < BUDGETS.signupPerIp.max; i++) expect((await signup(i)).statusCode).toBe(201);
    const refused = await signup(999);
    expect(refused.statusCode).toBe(429);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'massa999@example.com'));
    expect(mails).toEqual([]);
    // another IP is not affected
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'altrove', email: 'altrove@example.com', password: 'segreta1' },
      remoteAddress: '10.10.0.2',
    });
    expect(other.statusCode).toBe(201);
  });
});

describe('mail to one address', () => {
  it('sends at most five a day to an address, sign-up and resets together', async () => {
    const mailsTo = async () =>
      (await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'posta@example.com'))).length;
    await registeredUser(ctx.app, { username: 'posta', email: 'posta@example.com', ip: '10.12.0.1' });
    const forgot = (i: number) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'posta@example.com' },
        remoteAddress: `10.12.1.${i}`,
      });
    for (let i = 0; i < 3; i++) expect((await forgot(i)).statusCode).toBe(200);
    expect((await forgot(3)).statusCode).toBe(429);
    // an hour later the hourly budget is back, the daily one is not
    await ctx.database.db.execute(
      sql`update rate_limits set window_start = window_start - interval '61 minutes' where key like 'reset:email:%'`,
    );
    expect((await forgot(4)).statusCode).toBe(200);
    expect((await forgot(5)).statusCode).toBe(429);
    expect(await mailsTo()).toBe(BUDGETS.mailPerAddress.max);
  });
});

describe('one spelling per account', () => {
  it('does not let a dotted capital I, full-width letters or spaces name another account', async () => {
    await registeredUser(ctx.app, { username: 'capo', email: 'admin@fantarift.test', ip: '10.11.0.1' });
    // PostgreSQL's lower() folds 'İ' to 'i' under C.UTF-8; our canonical form keeps them apart
    expect((await login('admİn@fantarift.test', 'segreta123', '10.11.0.2')).statusCode).toBe(401);
    expect((await login('  ADMIN@FANTARIFT.TEST ', 'segreta123', '10.11.0.3')).statusCode).toBe(200);
    // NFKC: full-width letters are the same address, not another one
    expect((await login('ａｄｍｉｎ@fantarift.test', 'segreta123', '10.11.0.4')).statusCode).toBe(200);
    const dup = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { username: 'capo2', email: ' Admin@FantaRift.test ', password: 'segreta1' },
      remoteAddress: '10.11.0.4',
    });
    expect(dup.statusCode).toBe(409);
    // a reset asked for the dotted spelling sends nothing to the admin
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'admİn@fantarift.test' },
      remoteAddress: '10.11.0.5',
    });
    const mails = await ctx.database.db.select().from(mailOutbox);
    expect(mails.filter((m) => m.text.includes('/reset-password') && m.to.startsWith('adm'))).toEqual([]);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.username, 'capo'));
    expect(row?.email).toBe('admin@fantarift.test');
  });
});

describe('rate-limit rows', () => {
  it('purges rows whose window and backoff are over, keeping live ones', async () => {
    await ctx.database.db.insert(rateLimits).values([
      { key: 'test:old', windowStart: new Date(Date.now() - 2 * 24 * 3600 * 1000), count: 3 },
      {
        key: 'test:old-but-waiting',
        windowStart: new Date(Date.now() - 2 * 24 * 3600 * 1000),
        count: 30,
        nextAt: new Date(Date.now() + 60_000),
      },
      { key: 'test:live', windowStart: new Date(), count: 1 },
    ]);
    await purgeExpiredRateLimits(ctx.database.db);
    const keys = (
      await ctx.database.db.execute<{ key: string }>(sql`select key from rate_limits where key like 'test:%'`)
    ).rows.map((r) => r.key);
    expect(keys.sort()).toEqual(['test:live', 'test:old-but-waiting']);
  });
});
