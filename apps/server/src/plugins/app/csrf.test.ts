import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketWorld, userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// createTestApp serves http://fantarift.test (APP_URL); inject sends Host: localhost:80
const SIBLING = 'http://fantarift.test:8081';

async function trader() {
  const world = await marketWorld(ctx.database.db);
  const u = await userAgent(ctx.app, ctx.database.db);
  const player = world.players[0]!;
  const buyUrl = `/api/leagues/${world.league.id}/players/${player.id}/buy`;
  const holdings = async () =>
    (await u.request({ method: 'GET', url: `/api/leagues/${world.league.id}/my-roster` })).json().roster
      ?.playerCount ?? 0;
  return { u, buyUrl, holdings };
}

describe('cross-site request forgery', () => {
  it('refuses a trade posted by a form as text/plain, with or without a body', async () => {
    const { u, buyUrl, holdings } = await trader();
    for (const payload of ['{"x":1}', '']) {
      const res = await u.request({
        method: 'POST',
        url: buyUrl,
        headers: { 'content-type': 'text/plain' },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('Formato della richiesta non supportato.');
    }
    expect(await holdings()).toBe(0);
  });

  it('refuses url-encoded and multipart form posts', async () => {
    const { u, buyUrl, holdings } = await trader();
    const form = await u.request({
      method: 'POST',
      url: buyUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    const multipart = await u.request({
      method: 'POST',
      url: buyUrl,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(415);
    expect(await holdings()).toBe(0);
  });

  it('refuses a request from another origin, a sibling port included, even without a body', async () => {
    const { u, buyUrl, holdings } = await trader();
    for (const headers of [
      { origin: SIBLING },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'http://fantarift.test', 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await u.request({ method: 'POST', url: buyUrl, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().message).toBe('Richiesta rifiutata: non proviene da FantaRift.');
    }
    // the same for a JSON body (logout, a password change)
    const change = await u.request({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { origin: SIBLING },
      payload: { currentPassword: 'segreta123', newPassword: 'rubata123' },
    });
    expect(change.statusCode).toBe(403);
    expect(await holdings()).toBe(0);
  });

  it('accepts the app’s own requests: same origin, empty body, or JSON', async () => {
    const { u, buyUrl, holdings } = await trader();
    const own = await u.request({
      method: 'POST',
      url: buyUrl,
      headers: { origin: 'http://fantarift.test', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode, own.body).toBe(200);
    // the Host the browser used also counts as our origin (APP_URL not set to it)
    const byHost = await u.request({
      method: 'POST',
      url: buyUrl.replace('/buy', '/sell'),
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(byHost.statusCode, byHost.body).toBe(200);
    // a client that is not a browser (no Origin, no Sec-Fetch-Site) still works
    expect((await u.request({ method: 'POST', url: buyUrl })).statusCode).toBe(200);
    expect(await holdings()).toBe(1);
    const json = await u.request({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { 'content-type': 'application/json; charset=utf-8', 'sec-fetch-site': 'same-origin' },
      payload: JSON.stringify({ currentPassword: 'sbagliata', newPassword: 'nuovapass' }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('La password attuale non è corretta');
  });
});
