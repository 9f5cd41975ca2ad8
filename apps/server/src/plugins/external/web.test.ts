import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PAGE_HEADINGS, pageHeadingHtml, welcomeHeadingHtml } from '@fantarift/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosters } from '../../db/schema.ts';
import { defaultLeagueId } from '../../modules/leagues/index.ts';
import { createLeague } from '../../seed/factories.ts';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { loadWebShell } from './web-shell.ts';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";

/** A small build as Vite writes it: index.html, hashed assets with their .br, and the manifest. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'fantarift-web-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script src="/theme-init.js"></script><script type="module" src="/assets/index-A.js"></script><link rel="stylesheet" crossorigin href="/assets/index-E.css"></head><body><div id="root"><header>FantaRift</header><!--page-heading--></div></body></html>',
  );
  writeFileSync(path.join(dist, 'theme-init.js'), THEME_SCRIPT);
  // a real stylesheet is ~70 KB: enough here to be worth compressing
  writeFileSync(path.join(dist, 'assets', 'index-E.css'), `.dark{color:#fff}/*${'c'.repeat(4000)}*/`);
  const entry = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(path.join(dist, 'assets', 'index-A.js'), entry);
  writeFileSync(path.join(dist, 'assets', 'index-A.js.br'), brotliCompressSync(entry));
  writeFileSync(path.join(dist, 'assets', 'market-B.js'), 'export {};');
  writeFileSync(path.join(dist, 'assets', 'widgets-C.js'), 'export {};');
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shared'] },
      _shared: { file: 'assets/shared-D.js' },
      'src/features/market/routes/market.tsx': {
        file: 'assets/market-B.js',
        isDynamicEntry: true,
        imports: ['_widgets', '_shared'],
      },
      _widgets: { file: 'assets/widgets-C.js' },
    }),
  );
  return dist;
}

describe('web shell and compression', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fakeBuild();
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('tells the app who is signed in, so its first screen needs no /api/auth/me', async () => {
    const visitor = await ctx.app.inject({ url: '/' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toMatch(/^text\/html/);
    expect(visitor.body).toContain('<meta name="fantarift-session" content="{&quot;user&quot;:null}">');
    expect(visitor.headers['cache-control']).toBe('no-cache, private');
    expect(visitor.headers.vary).toMatch(/Cookie/);

    const player = await userAgent(ctx.app, ctx.database.db, { username: 'mario' });
    const page = await player.request({ url: '/leagues' });
    const meta = /<meta name="fantarift-session" content="([^"]*)">/.exec(page.body)?.[1] ?? '';
    const session = JSON.parse(meta.replaceAll('&quot;', '"').replaceAll('&amp;', '&'));
    expect(session.user).toMatchObject({ id: player.userId, username: 'mario', isAdmin: false });
  });

  it('carries the stylesheet and the theme script itself, the script allowed by its hash alone', async () => {
    const page = await ctx.app.inject({ url: '/' });
    expect(page.body).toContain('<style>.dark{color:#fff}/*');
    expect(page.body).not.toContain('index-E.css');
    expect(page.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('links the stylesheet when the service worker says it has the page stored (its precache has the file)', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    const page = await player.request({ url: '/market', headers: { 'x-fantarift-stored-screen': '1' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E.css">');
    expect(page.body).not.toContain('<style>');
    expect(page.body).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(page.headers.vary).toMatch(/x-fantarift-stored-screen/);
  });

  it('preloads the market’s first data for a signed-in visitor, with a league id only when it is one', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    const league = '1a8778b9-62b2-4fb1-948e-352061a59be0';
    const page = await player.request({ url: `/market?league=${league}` });
    for (const href of [
      '/api/leagues',
      `/api/leagues/${league}/my-roster`,
      `/api/leagues/${league}/players`,
      `/api/champions?leagueId=${league}`,
      `/api/leagues/${league}/deadline`,
    ]) {
      expect(page.body).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`);
    }
    const forged = await player.request({ url: '/market?league=%22%3E%3Cscript%3E' });
    expect(forged.body).toContain('href="/api/leagues">');
    expect(forged.body).not.toContain('my-roster');
    expect(forged.body).not.toContain('<script>"');
    // a visitor has no data to preload: those answers would only be 401s
    expect((await ctx.app.inject({ url: `/market?league=${league}` })).body).not.toContain('as="fetch"');
  });

  it('preloads the home page’s summary for a signed-in visitor, without looking up a league', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    const home = await player.request({ url: '/' });
    expect(home.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/me/home">',
    );
    expect(home.body.match(/as="fetch"/g)).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/' })).body).not.toContain('as="fetch"');
    // only the league pages ask for the user's default league
    const shell = loadWebShell(dist);
    expect([shell.wantsDefaultLeague('/'), shell.wantsDefaultLeague('/market')]).toEqual([false, true]);
  });

  it('preloads the leaderboard’s first page, and without a league in the address the one the page will pick', async () => {
    const db = ctx.database.db;
    const tag = randomUUID().slice(0, 6);
    // the page picks the first joined league by name, else the first league by name
    const [first, joined] = [
      await createLeague(db, { name: `!!! A ${tag}`, type: 'LEC', teams: ['T1', 'T2'] }),
      await createLeague(db, { name: `!!! B ${tag}`, type: 'LEC', teams: ['T1', 'T2'] }),
    ];
    const player = await userAgent(ctx.app, db);
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]*)">/g)].map(
        (m) => m[1]!,
      );
    const leaderboardOf = (id: string) => [
      '/api/leagues',
      '/api/private-leagues',
      `/api/leagues/${id}/leaderboard?limit=50`,
      `/api/leagues/${id}/my-rewards`,
    ];
    const chosen = await defaultLeagueId(db, player.userId);
    expect(preloads((await player.request({ url: '/leaderboard' })).body)).toEqual(leaderboardOf(chosen!));
    await db.insert(rosters).values({
      userId: player.userId,
      leagueId: joined.id,
      username: player.username,
      pandaCoin: 0,
      burroCoin: 0,
    });
    expect(await defaultLeagueId(db, player.userId)).toBe(joined.id);
    expect(preloads((await player.request({ url: '/leaderboard' })).body)).toEqual(leaderboardOf(joined.id));
    expect(preloads((await player.request({ url: '/market' })).body)).toContain(
      `/api/leagues/${joined.id}/my-roster`,
    );
    // the league in the address wins
    expect(preloads((await player.request({ url: `/leaderboard?league=${first.id}` })).body)).toEqual(
      leaderboardOf(first.id),
    );
  });

  it('paints the market’s and the leaderboard’s heading for a signed-in visitor, as the app draws it', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    const market = await player.request({ url: '/market?league=x' });
    expect(market.body).toContain(
      `<header>FantaRift</header><main class="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">${pageHeadingHtml(PAGE_HEADINGS.market)}</main>`,
    );
    expect(market.body).toContain('<h1 class="font-bold text-2xl tracking-tight sm:text-3xl">Mercato</h1>');
    const leaderboard = await player.request({ url: '/leaderboard' });
    expect(leaderboard.body).toContain(pageHeadingHtml(PAGE_HEADINGS.leaderboard));
    // a visitor gets the 'Non autenticato' notice there, and other pages have no heading of the shell's
    for (const page of [
      await ctx.app.inject({ url: '/market' }),
      await player.request({ url: '/leagues' }),
    ]) {
      expect(page.body).toContain('<header>FantaRift</header></div>');
      expect(page.body).not.toContain('<!--page-heading-->');
    }
  });

  it('paints the home page’s welcome for a signed-in visitor, with the e-mail escaped', async () => {
    // `$'` and `$&` would be replacement patterns if the e-mail went through String.replace as a string
    const email = "anna.$'<b>$&@example.it";
    const player = await userAgent(ctx.app, ctx.database.db, { email });
    const home = await player.request({ url: '/' });
    expect(home.body).toContain(
      `<header>FantaRift</header><main class="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8"><div class="space-y-8">${welcomeHeadingHtml(email)}</div></main>`,
    );
    expect(home.body).toContain("<span><wbr>.$'&lt;b&gt;$&amp;</span>");
    expect(home.body).toContain("&quot;email&quot;:&quot;anna.$'&lt;b&gt;$&amp;@example.it&quot;");
    expect(home.body).not.toContain('<b>@');
    // a visitor sees the landing page, whose markup the shell does not copy
    expect((await ctx.app.inject({ url: '/' })).body).toContain('<header>FantaRift</header></div>');
  });

  it('preloads the page’s own code beside the entry, never what the entry already loads', async () => {
    const page = await ctx.app.inject({ url: '/market?league=x' });
    expect(page.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/market-B.js">',
    );
    expect(page.body).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/widgets-C.js">',
    );
    expect(page.body).not.toContain('href="/assets/shared-D.js"');
    const home = await ctx.app.inject({ url: '/' });
    expect(home.body).not.toContain('modulepreload');
  });

  it('serves built files precompressed and immutable, the shell compressed on the fly', async () => {
    const asset = await ctx.app.inject({
      url: '/assets/index-A.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.rawPayload).toString()).toContain('xxxx');

    const plain = await ctx.app.inject({ url: '/assets/index-A.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();

    const api = await ctx.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.rawPayload).toString()).openapi).toBeDefined();

    // the shell differs per visitor: compressed on the fly (it carries the whole stylesheet)
    const shell = await ctx.app.inject({
      url: '/market',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers.vary).toMatch(/Accept-Encoding/);
    const html = brotliDecompressSync(shell.rawPayload).toString();
    expect(html).toContain('<div id="root">');
    expect(shell.rawPayload.length).toBeLessThan(html.length / 4);
    const gzipped = await ctx.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('<div id="root">');
    const identity = await ctx.app.inject({ url: '/' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('<div id="root">');

    // answers under 1 KB are not worth it
    const small = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('the installable app and link previews (issue 33)', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = fakeBuild();
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"FantaRift"}');
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('the service worker and the manifest are revalidated on every check; hashed assets are kept', async () => {
    const sw = await ctx.app.inject({ url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await ctx.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const asset = await ctx.app.inject({ url: '/assets/market-B.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  const og = (html: string, property: string) =>
    new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

  it('an invite link shows the private league’s name and its official league, nothing more', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'LEC Winter 2026', type: 'LEC' });
    const owner = await userAgent(ctx.app, db, { username: 'proprietario' });
    await owner.request({ method: 'POST', url: `/api/leagues/${league.id}/join` });
    const created = await owner.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/private-leagues`,
      payload: { name: 'Amici & "Rivali"' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().privateLeague.inviteCode as string;

    // a chat's crawler: no session
    const card = await ctx.app.inject({
      url: `/leghe-private/invito/${code.toLowerCase()}`,
      remoteAddress: '203.0.113.9',
    });
    expect(card.statusCode).toBe(200);
    expect(og(card.body, 'og:title')).toBe('Unisciti a «Amici &amp; &quot;Rivali&quot;» su FantaRift');
    expect(og(card.body, 'og:description')).toBe(
      'Lega privata di LEC Winter 2026: stessi roster e stessi punti, una classifica solo vostra.',
    );
    expect(og(card.body, 'og:image')).toBe('http://fantarift.test/icons/invite-card.png');
    expect(og(card.body, 'og:url')).toBe(`http://fantarift.test/leghe-private/invito/${code.toLowerCase()}`);
    expect(card.body).not.toContain('proprietario');

    // a code that opens nothing, or a broken address: the app's own card, and no error
    const other = await ctx.app.inject({
      url: '/leghe-private/invito/ZZZZZZZZZZ',
      remoteAddress: '203.0.113.9',
    });
    expect(other.statusCode).toBe(200);
    expect(og(other.body, 'og:title')).toBe('FantaRift');
    // a broken address is refused by the router before the shell (400), never an error of ours
    const broken = await ctx.app.inject({
      url: '/leghe-private/invito/%E0%A4%A',
      remoteAddress: '203.0.113.9',
    });
    expect(broken.statusCode).toBeLessThan(500);
    const home = await ctx.app.inject({ url: '/' });
    expect(og(home.body, 'og:title')).toBe('FantaRift');
    expect(og(home.body, 'og:image')).toBe('http://fantarift.test/icons/invite-card.png');
  });

  it('a Lega Fanta invite link shows its name and its official league, nothing more', async () => {
    const db = ctx.database.db;
    const league = await createLeague(db, { name: 'LCK Spring 2026', type: 'LEC' });
    const owner = await userAgent(ctx.app, db, { username: 'banditore' });
    const created = await owner.request({
      method: 'POST',
      url: `/api/leagues/${league.id}/fanta-leagues`,
      payload: {
        name: 'Asta del bar',
        budget: 20,
        squad: { Top: 1, Jungle: 0, Mid: 0, ADC: 0, Support: 0 },
        bidSeconds: 15,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const code = created.json().fantaLeague.inviteCode as string;
    const card = await ctx.app.inject({
      url: `/leghe-fanta/invito/${code.toLowerCase()}`,
      remoteAddress: '203.0.113.10',
    });
    expect(card.statusCode).toBe(200);
    expect(og(card.body, 'og:title')).toBe('Unisciti a «Asta del bar» su FantaRift');
    expect(og(card.body, 'og:description')).toBe(
      'Lega Fanta di LCK Spring 2026: un’asta dal vivo tra amici, ogni giocatore in una sola rosa.',
    );
    expect(og(card.body, 'og:url')).toBe(`http://fantarift.test/leghe-fanta/invito/${code.toLowerCase()}`);
    expect(card.body).not.toContain('banditore');
    // a code that opens no Lega Fanta: the app's own card
    const other = await ctx.app.inject({
      url: '/leghe-fanta/invito/ZZZZZZZZZZ',
      remoteAddress: '203.0.113.10',
    });
    expect(og(other.body, 'og:title')).toBe('FantaRift');
  });
});
