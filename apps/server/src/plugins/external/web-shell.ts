import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_HEADINGS, type PageHeading, pageHeadingHtml, welcomeHeadingHtml } from '@fantarift/core';
import type { AuthUser } from '../../modules/auth/index.ts';

/**
 * The page module of each participant route, as Vite names it in `.vite/manifest.json`. The shell
 * preloads the page's code beside the entry, so a phone does not wait for entry → router → page, one
 * round trip after the other. A page missing here still works; it only loads one round trip later.
 */
export const ROUTE_MODULES: Record<string, string> = {
  '/login': 'src/features/auth/routes/login.tsx',
  '/register': 'src/features/auth/routes/register.tsx',
  '/forgot-password': 'src/features/auth/routes/forgot-password.tsx',
  '/reset-password': 'src/features/auth/routes/reset-password.tsx',
  '/change-password': 'src/features/auth/routes/change-password.tsx',
  '/leagues': 'src/features/leagues/routes/leagues.tsx',
  '/roster': 'src/features/roster/routes/roster.tsx',
  '/market': 'src/features/market/routes/market.tsx',
  '/leaderboard': 'src/features/leaderboard/routes/leaderboard.tsx',
  '/matches': 'src/features/matches/routes/matches.tsx',
  '/notifiche': 'src/features/notifications/routes/notifications.tsx',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The API reads a page starts with, for a signed-in visitor, fetched beside the page's code: the app's
 * own fetch of the same URL (same mode and credentials) takes the preloaded answer instead of asking
 * one round trip later, after the code has run. The URLs are the ones the page asks for first, for the
 * league it will show (the one in the address, else the user's default: `defaultLeagueId`): market.tsx
 * the league list, the league's roster, unfiltered catalogue and next deadline; leaderboard.tsx the list,
 * the user's private leagues, the league's first page (get-leaderboard.ts: `limit=50`) and the user's
 * weekly rewards; the home page the signed-in user's summary (get-home-summary.ts), its quick stats,
 * which a phone otherwise asks for only once the entry has run, and draws last (docs/phone-first-load.md).
 */
const DATA_PRELOADS: Record<string, (league: string | null) => string[]> = {
  '/': () => ['/api/me/home'],
  '/market': (league) => [
    '/api/leagues',
    ...(league
      ? [
          `/api/leagues/${league}/my-roster`,
          `/api/leagues/${league}/players`,
          `/api/champions?leagueId=${league}`,
          `/api/leagues/${league}/deadline`,
        ]
      : []),
  ],
  '/leaderboard': (league) => [
    '/api/leagues',
    '/api/private-leagues',
    ...(league ? [`/api/leagues/${league}/leaderboard?limit=50`, `/api/leagues/${league}/my-rewards`] : []),
  ],
};

/**
 * Reads the server's painting of a page (first-screen.ts) asks for at once beside the preloads: the page's
 * first render asks for them too, but a browser preload of them would go unused by a visitor who is not a
 * member of the league (the market asks for the captain only once the roster says it is his).
 */
const PAINT_READS: Record<string, (league: string) => string[]> = {
  '/market': (league) => [`/api/leagues/${league}/my-roster/captain`],
};

/** The pages whose preloads name a league: the address's, else the one the page will pick. */
const LEAGUE_PAGES = new Set(['/market', '/leaderboard']);

/**
 * Pages whose heading the shell paints for a signed-in visitor, under the static top bar: on the market
 * and the leaderboard it is the largest thing on a phone's first screen, and it needs neither code nor
 * data. (A visitor is sent to the login or shown 'Non autenticato' there: no heading for visitors.) The app draws
 * the same markup while the page loads (PageSuspense) and then in the page itself, so nothing moves.
 */
const ROUTE_HEADINGS: Record<string, PageHeading> = {
  '/market': PAGE_HEADINGS.market,
  '/leaderboard': PAGE_HEADINGS.leaderboard,
};

/** Where index.html leaves room for the page's heading (below the static top bar). */
const HEADING_SLOT = '<!--page-heading-->';

/** RootLayout's <main> (apps/web/src/app/layouts/root-layout.tsx) around the page's heading. */
const inMain = (html: string) =>
  `<main class="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">${html}</main>`;

/**
 * The heading the shell paints for a signed-in visitor of `route`, or ''. On `/` it is the welcome with
 * the user's e-mail, inside WelcomeDashboard's outer <div> (features/home/components/welcome-dashboard.tsx):
 * on a phone it is the home page's largest paint, and it needs only the session the shell already has.
 */
function headingMarkup(route: string, user: { email: string } | null): string {
  if (!user) return '';
  if (route === '/') return inMain(`<div class="space-y-8">${welcomeHeadingHtml(user.email)}</div>`);
  const heading = ROUTE_HEADINGS[route];
  return heading ? inMain(pageHeadingHtml(heading)) : '';
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** `<meta name="fantarift-session">`: the signed-in user, so the app starts without asking /api/auth/me. */
export const SESSION_META = 'fantarift-session';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The blocking theme script, inlined into the shell (see {@link loadWebShell}). */
const THEME_SCRIPT = 'theme-init.js';

/**
 * The Content-Security-Policy source that allows the inlined theme script: its SHA-256 (no
 * 'unsafe-inline' for scripts). Empty when there is no build.
 */
export function inlineScriptSources(dist: string): string[] {
  const file = path.join(dist, THEME_SCRIPT);
  if (!existsSync(file)) return [];
  return [`'sha256-${createHash('sha256').update(readFileSync(file, 'utf8')).digest('base64')}'`];
}

/**
 * The two things a first paint waits for, in the HTML itself: the stylesheet and the theme script are
 * each one more round trip when linked (docs/phone-first-load.md has the figures). The stylesheet goes
 * with every full page load (the app's own navigations load no HTML) unless `linkStylesheet`: a service
 * worker that has the app's files in its precache answers the link at once; lazily loaded pages keep their
 * own CSS files.
 */
function inlineCriticalFiles(html: string, dist: string, linkStylesheet: boolean): string {
  let out = linkStylesheet
    ? html
    : html.replace(
        /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/,
        (tag, file: string) => {
          const full = path.join(dist, file);
          return existsSync(full) ? `<style>${readFileSync(full, 'utf8')}</style>` : tag;
        },
      );
  const script = path.join(dist, THEME_SCRIPT);
  if (existsSync(script)) {
    out = out.replace(
      `<script src="/${THEME_SCRIPT}"></script>`,
      `<script>${readFileSync(script, 'utf8')}</script>`,
    );
  }
  return out;
}

/** The signed-in user as the app knows it (the API's `User`), in the session meta and the painted screen. */
export function sessionUser(user: AuthUser) {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    isAdmin: user.isAdmin,
    createdAt: user.createdAt.toISOString(),
  };
}

/** `<div id="root">` of index.html, where the app renders. */
const ROOT = '<div id="root">';
/** The element a first screen is painted in beside the hidden `#root` (apps/web/src/lib/first-screen.ts). */
export const FIRST_SCREEN_ID = 'fr-first-screen';

const routeOf = (address: URL) => address.pathname.replace(/\/+$/, '') || '/';

/** The `?league=` of the address when it is a league id (anything else is never put in a preload). */
function requestedLeague(address: URL): string | null {
  const league = address.searchParams.get('league');
  return league && UUID.test(league) ? league : null;
}

/** The API reads a signed-in visitor's page preloads (DATA_PRELOADS), for the league it will show. */
function dataPreloads(address: URL, defaultLeague: string | null | undefined): string[] {
  return DATA_PRELOADS[routeOf(address)]?.(requestedLeague(address) ?? defaultLeague ?? null) ?? [];
}

/** What a chat or a social network shows for a link (Open Graph): every page has one, invites their own. */
export interface LinkPreview {
  title: string;
  description: string;
  /** absolute URLs: a crawler does not resolve relative ones */
  image: string;
  url: string;
}

/** The preview of any page but an invite: the app itself. */
export function defaultPreview(appUrl: string, path: string): LinkPreview {
  return {
    title: 'FantaRift',
    description:
      'Il fantasy game degli esports di League of Legends: crea il tuo roster, fai mercato e scala la classifica.',
    image: `${appUrl}/icons/invite-card.png`,
    url: `${appUrl}${path}`,
  };
}

function previewTags(p: LinkPreview): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeAttribute(content)}">`;
  return [
    meta('og:type', 'website'),
    meta('og:site_name', 'FantaRift'),
    meta('og:locale', 'it_IT'),
    meta('og:title', p.title),
    meta('og:description', p.description),
    meta('og:url', p.url),
    meta('og:image', p.image),
    meta('og:image:width', '1200'),
    meta('og:image:height', '630'),
    meta('og:image:alt', 'FantaRift'),
    `<meta name="twitter:card" content="summary_large_image">`,
  ].join('');
}

export interface ShellOptions {
  /** the league the page shows when the address names none (see below) */
  defaultLeague?: string | null;
  preview?: LinkPreview;
  /** the page's first screen as the app draws it, painted by the server (first-screen.ts) */
  firstScreen?: string | null;
  /** the stylesheet linked, not carried: the visitor's service worker has it (web.ts) */
  linkStylesheet?: boolean;
}

export interface WebShell {
  /**
   * index.html for this address and visitor: the page's code (and data) preloaded, the session user
   * included; `defaultLeague` is the league the page shows when the address names none (see below)
   */
  render(url: string, user: AuthUser | null, options?: ShellOptions): string;
  /** the API reads the shell preloads for a signed-in visitor of `url` */
  preloads(url: string, defaultLeague?: string | null): string[];
  /** the API reads the server's painting of `url` asks for at once: the preloads and `PAINT_READS` */
  paintReads(url: string, defaultLeague?: string | null): string[];
  /** the page preloads a league's data and its address names no league: ask `defaultLeagueId` */
  wantsDefaultLeague(url: string): boolean;
  /** route modules the manifest does not know (a renamed page): logged once at start-up */
  missingModules: string[];
}

/** Reads the built index.html and Vite's manifest once; renders the shell per request from memory. */
export function loadWebShell(dist: string): WebShell {
  const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const templates = {
    carried: inlineCriticalFiles(index, dist, false),
    linked: inlineCriticalFiles(index, dist, true),
  };
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};

  // files the entry already loads (index.html links them): never preloaded twice
  const inEntry = new Set<string>();
  const visit = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, inEntry);

  const preloadTags = new Map<string, string>();
  const missingModules: string[] = [];
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    if (!manifest[module]) {
      if (Object.keys(manifest).length > 0) missingModules.push(module);
      continue;
    }
    const files = new Set<string>();
    visit(module, files);
    // low priority: the entry comes first (the app draws the page's heading as soon as it runs, see
    // PageSuspense in the web app); the page's chunks are only needed after it
    const tags = [...files]
      .filter((file) => !inEntry.has(file))
      .map(
        (file) =>
          `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${escapeAttribute(file)}">`,
      );
    preloadTags.set(route, tags.join(''));
  }

  return {
    missingModules,
    wantsDefaultLeague(url) {
      const address = new URL(url, 'http://shell.invalid');
      return LEAGUE_PAGES.has(routeOf(address)) && requestedLeague(address) === null;
    },
    preloads(url, defaultLeague) {
      return dataPreloads(new URL(url, 'http://shell.invalid'), defaultLeague);
    },
    paintReads(url, defaultLeague) {
      const address = new URL(url, 'http://shell.invalid');
      const league = requestedLeague(address) ?? defaultLeague ?? null;
      const extra = league ? (PAINT_READS[routeOf(address)]?.(league) ?? []) : [];
      return [...dataPreloads(address, defaultLeague), ...extra];
    },
    render(url, user, { defaultLeague, preview, firstScreen, linkStylesheet = false } = {}) {
      const address = new URL(url, 'http://shell.invalid');
      const route = routeOf(address);
      const session = { user: user ? sessionUser(user) : null };
      const data = user ? dataPreloads(address, defaultLeague) : [];
      const head =
        (preview ? previewTags(preview) : '') +
        `<meta name="${SESSION_META}" content="${escapeAttribute(JSON.stringify(session))}">` +
        (preloadTags.get(route) ?? '') +
        data
          .map(
            (href) =>
              `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(href)}">`,
          )
          .join('');
      const page = templates[linkStylesheet ? 'linked' : 'carried']
        .replace('</head>', () => `${head}</head>`) // (a function: no `$&` patterns in user text)
        .replace(HEADING_SLOT, () => headingMarkup(route, user));
      // the server's painting of the page (first-screen.ts), shown until the app takes over as it does from a
      // stored first screen (apps/web/src/lib/first-screen.ts)
      return firstScreen
        ? page.replace(ROOT, () => `<div id="${FIRST_SCREEN_ID}">${firstScreen}</div><div id="root" hidden>`)
        : page;
    },
  };
}
