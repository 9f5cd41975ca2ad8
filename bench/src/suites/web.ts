import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@fantarift/server/src/modules/auth/index.ts';
import { type Browser, chromium, type Page } from 'playwright-core';
import { run } from '../lib/exec.ts';
import { joinLeague, marketLeague, userWithSession } from '../lib/fixtures.ts';
import { round } from '../lib/stats.ts';
import type { Metric, Suite, SuiteContext } from './types.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(repoRoot, 'apps/web/dist');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Chrome DevTools' "Slow 4G" preset (the former "Fast 3G": 562.5 ms round trip, 1.44 Mbit/s down,
 * 675 kbit/s up) and Lighthouse's mobile CPU slowdown (4×).
 */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

const PAGES = ['/', '/market', '/leaderboard'] as const;
const TARGETS: Record<string, { lcp: number; fcp: number }> = {
  '/': { lcp: 2500, fcp: 1800 },
  '/market': { lcp: 2500, fcp: 1800 },
};
const ENTRY_TARGET_KB = 150;
/**
 * The page's own data drawn, beyond what the server paints: the home page's quick stats, the first card
 * of the market, the first manager of the leaderboard. LCP can be the server-painted heading; this is
 * when a player can use the page.
 */
const CONTENT: Record<(typeof PAGES)[number], string> = {
  '/': 'main dd',
  '/market': 'main li h3',
  '/leaderboard': 'main [data-testid="manager-name"]',
};

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Collects the page's paint and layout-shift entries as they happen (installed before any script). */
const VITALS_SCRIPT = `
  window.__vitals = { lcp: 0, cls: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__vitals.lcp = e.renderTime || e.loadTime || e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__vitals.cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
  window.__content = 0;
  window.__watch = (selector) => {
    const seen = () => {
      if (window.__content || !document.querySelector(selector)) return false;
      // the frame after it entered the document: when it is painted
      requestAnimationFrame(() => { window.__content = performance.now(); });
      return true;
    };
    if (!seen()) {
      const observer = new MutationObserver(() => { if (seen()) observer.disconnect(); });
      observer.observe(document, { childList: true, subtree: true });
    }
  };
`;

interface Vitals {
  fcp: number;
  lcp: number;
  cls: number;
  /** the page's own data drawn (CONTENT), ms from navigation start */
  content: number;
  /** bytes the browser received for the page's requests (compressed, as sent) */
  transferred: number;
  requests: number;
}

/** JS of the participant entry: the scripts index.html loads, gzipped as the build writes them. */
function entryKilobytes(): { kb: number; files: number } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  let bytes = 0;
  for (const file of files) {
    const full = path.join(dist, file);
    bytes += existsSync(`${full}.gz`)
      ? readFileSync(`${full}.gz`).length
      : gzipSync(readFileSync(full), { level: 9 }).length;
  }
  return { kb: bytes / 1024, files: files.length };
}

async function measure(
  browser: Browser,
  baseUrl: string,
  url: string,
  cookie: string,
  throttled: boolean,
  content: string,
): Promise<Vitals> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'it-IT' });
  await context.addCookies([{ name: SESSION_COOKIE, value: cookie, url: baseUrl }]);
  const page: Page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) {
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  }
  let transferred = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (e) => {
    transferred += e.encodedDataLength;
    requests++;
  });
  await page.addInitScript(
    `${VITALS_SCRIPT}\ndocument.addEventListener('readystatechange', () => window.__watch(${JSON.stringify(content)}), { once: true });`,
  );
  await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle', timeout: 120_000 });
  await page.waitForTimeout(throttled ? 1500 : 300);
  await page.waitForFunction(() => (globalThis as unknown as { __content: number }).__content > 0, null, {
    timeout: 60_000,
  });
  const vitals = await page.evaluate(() => {
    const w = globalThis as unknown as { __vitals: { lcp: number; cls: number }; __content: number };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    return { fcp, lcp: w.__vitals.lcp, cls: w.__vitals.cls, content: w.__content };
  });
  await context.close();
  return { ...vitals, transferred, requests };
}

/** A signed-in participant of a 10-team league with 30 other managers: its league and session token. */
export async function benchViewer(ctx: SuiteContext, leagueName: string, username: string) {
  const { league, players } = await marketLeague(ctx.db, leagueName, 10);
  const viewer = await userWithSession(ctx.db, username);
  await joinLeague(ctx.db, viewer.userId, league.id);
  for (let i = 0; i < 30; i++) {
    const other = await userWithSession(ctx.db, `${username}${i}`);
    await joinLeague(ctx.db, other.userId, league.id);
  }
  ctx.log(`league with ${players.length} players and 31 rosters`);
  return { league, token: viewer.cookie.slice(`${SESSION_COOKIE}=`.length) };
}

/** Builds the web app when no build is there (the server serves apps/web/dist). */
export async function ensureWebBuild(ctx: SuiteContext): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    ctx.log('no build found: npm run build');
    await run('npm', ['--prefix', repoRoot, 'run', 'build'], { timeoutS: 300 });
  }
}

export const webSuite: Suite = {
  name: 'web',
  issue: '#16',
  description:
    'first load of /, /market and /leaderboard (logged in) in Chromium: Slow 4G + 4× CPU, cold cache, median of 5; and unthrottled',
  async run(ctx: SuiteContext) {
    await ensureWebBuild(ctx);
    const entry = entryKilobytes();

    const { league, token } = await benchViewer(ctx, 'Web Bench', 'webbench');

    const server = await ctx.startServer();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const runs = ctx.quick ? 2 : 5;
    const metrics: Metric[] = [
      {
        key: 'entry_js_gzip_kb',
        label: `participant entry JS, gzipped (${entry.files} files)`,
        value: round(entry.kb, 1),
        unit: 'KB',
        target: `≤ ${ENTRY_TARGET_KB} KB`,
        pass: entry.kb <= ENTRY_TARGET_KB,
      },
    ];
    const details: Record<string, unknown> = {};
    try {
      for (const throttled of [true, false]) {
        for (const url of PAGES) {
          // league in the query, as the league selector leaves it
          const target = url === '/' ? url : `${url}?league=${league.id}`;
          await measure(browser, server.baseUrl, target, token, false, CONTENT[url]); // server warm-up, not counted
          const samples: Vitals[] = [];
          for (let i = 0; i < runs; i++) {
            samples.push(await measure(browser, server.baseUrl, target, token, throttled, CONTENT[url]));
          }
          const content = median(samples.map((s) => s.content));
          const lcp = median(samples.map((s) => s.lcp));
          const fcp = median(samples.map((s) => s.fcp));
          const cls = Math.max(...samples.map((s) => s.cls));
          const kb = median(samples.map((s) => s.transferred)) / 1024;
          const mode = throttled ? 'Slow 4G + 4× CPU' : 'unthrottled';
          const goal = throttled ? TARGETS[url] : undefined;
          const tag = `${url === '/' ? 'home' : url.slice(1)}_${throttled ? 'slow4g' : 'fast'}`;
          metrics.push(
            {
              key: `${tag}_lcp`,
              label: `${url} LCP, ${mode}`,
              value: round(lcp, 0),
              unit: 'ms',
              ...(goal && { target: `< ${goal.lcp} ms`, pass: lcp < goal.lcp }),
            },
            {
              key: `${tag}_fcp`,
              label: `${url} FCP, ${mode}`,
              value: round(fcp, 0),
              unit: 'ms',
              ...(goal && { target: `< ${goal.fcp} ms`, pass: fcp < goal.fcp }),
            },
            {
              key: `${tag}_content`,
              label: `${url} own data drawn (${CONTENT[url]}), ${mode}`,
              value: round(content, 0),
              unit: 'ms',
            },
            {
              key: `${tag}_cls`,
              label: `${url} CLS (worst of ${runs}), ${mode}`,
              value: round(cls, 3),
              unit: '',
              ...(throttled && { target: '< 0.1', pass: cls < 0.1 }),
            },
          );
          details[tag] = { samples, transferredKb: round(kb, 1) };
          ctx.log(
            `${url} ${mode}: LCP ${round(lcp, 0)} ms, FCP ${round(fcp, 0)} ms, own data drawn ${round(content, 0)} ms, CLS ${round(cls, 3)}, ${round(kb, 0)} KB in ${samples[0]?.requests} requests`,
          );
        }
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return {
      metrics,
      notes: [
        `Chromium ${browser.version()} headless at 412×823, cold cache (cache disabled), a fresh context per load; medians of ${runs} loads after one unthrottled warm-up load`,
        'Slow 4G = DevTools preset (562.5 ms RTT, 1.44 Mbit/s down, 675 kbit/s up) via Network.emulateNetworkConditions; CPU 4× via Emulation.setCPUThrottlingRate',
        'logged in as a participant of a 10-team league; / is the home page, /market and /leaderboard open that league',
      ],
      details,
    };
  },
};
