import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAgent } from '../../test/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { FIRST_SCREEN_BUDGET_MS } from './first-screen.ts';

/**
 * A renderer with the built one's exports (apps/web/src/first-screen-server.tsx, whose own tests check what it
 * draws): it draws what the player's own session answers in-process, and misbehaves when the address asks.
 */
const RENDERER = `
export const FIRST_SCREEN_PAGES = ['/market', '/leaderboard'];
export async function prepareFirstScreens() {}
export async function renderFirstScreen({ url, user, get, deadline }) {
  const mode = new URL(url, 'http://x').searchParams.get('mode');
  if (mode === 'throw') throw new Error('broken page');
  if (mode === 'hang') return new Promise(() => {});
  if (mode === 'script') return '<script>alert(1)</script>';
  if (mode === 'none') return null;
  const session = JSON.parse((await get('/api/auth/session')).body);
  const leagues = await get('/api/leagues');
  return '<p data-painted="' + url + '">' + session.user.username + ' for ' + user.username + ' ' +
    leagues.status + ' ' + (deadline > Date.now()) + '</p>';
}
`;

describe('the first screen the server paints for a signed-in player', () => {
  let ctx: TestContext;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'fantarift-first-screen-'));
    const dist = path.join(root, 'dist');
    mkdirSync(dist);
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"><header>FantaRift</header><!--page-heading--></div></body></html>',
    );
    mkdirSync(path.join(root, 'dist-ssr'));
    writeFileSync(path.join(root, 'dist-ssr', 'first-screen-server.js'), RENDERER);
    ctx = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('carries the market and the leaderboard drawn with the player’s own answers, beside a hidden app', async () => {
    const player = await userAgent(ctx.app, ctx.database.db, { username: 'painted_mario' });
    for (const page of ['/market', '/leaderboard']) {
      const shell = await player.request({ url: page });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain(
        `<div id="fr-first-screen"><p data-painted="${page}">painted_mario for painted_mario 200 true</p></div><div id="root" hidden>`,
      );
      expect(shell.headers['server-timing']).toMatch(/^first-screen;dur=\d+(\.\d+)?$/);
    }
  });

  it('leaves the painting to the service worker when it has the page stored', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    const shell = await player.request({ url: '/market', headers: { 'x-fantarift-stored-screen': '1' } });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).not.toContain('fr-first-screen');
    expect(shell.body).toContain('<div id="root"><header>FantaRift</header>');
  });

  it('paints nothing for a visitor, nor on other pages', async () => {
    const visitor = await ctx.app.inject({ url: '/market' });
    expect(visitor.body).not.toContain('fr-first-screen');
    expect(visitor.body).toContain('<div id="root">');
    const player = await userAgent(ctx.app, ctx.database.db);
    const roster = await player.request({ url: '/roster' });
    expect(roster.body).not.toContain('fr-first-screen');
  });

  it('sends the shell as without it when the renderer fails, runs out of time, draws code or nothing', async () => {
    const player = await userAgent(ctx.app, ctx.database.db);
    for (const mode of ['throw', 'script', 'none', 'hang']) {
      const started = Date.now();
      const shell = await player.request({ url: `/market?mode=${mode}` });
      expect(shell.statusCode).toBe(200);
      expect(shell.body).not.toContain('fr-first-screen');
      expect(shell.body).toContain('<div id="root"><header>FantaRift</header>');
      if (mode === 'hang') expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_SCREEN_BUDGET_MS);
    }
  });
});
