import { type Query, type QueryClient, skipToken } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type StaticHandlerContext,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from '@/app/providers';
import { preloadPages, routes } from '@/app/router';
import { setApiTransport } from '@/lib/api-client';
import type { AuthUser } from '@/lib/auth';
import { FirstScreenReportContext, STORED_ITEMS } from '@/lib/first-screen';
import { createQueryClient } from '@/lib/query-client';

/**
 * The server's painting of a signed-in player's first screen (issue 33 item 7), built by `vite build --ssr`
 * (vite.ssr.config.ts) and called by the web shell (apps/server/src/plugins/external/first-screen.ts). It
 * renders the app itself (its routes, layout and page, with their own queries) to HTML, from the answers the
 * server gives in-process for the player, and keeps the first STORED_ITEMS cards or rows, as a stored first
 * screen does (`firstScreenHtml`). The shell puts the HTML beside a hidden `#root`; the app takes over as
 * it does from a stored screen (lib/first-screen.ts). Nothing is hydrated: the markup is a picture.
 */

/** The pages painted: those whose first screen is a list of the player's data. */
export const FIRST_SCREEN_PAGES: readonly string[] = ['/market', '/leaderboard'];

/** An API answer the server computed in-process for the signed-in player. */
export interface ApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface FirstScreenRequest {
  /** the page's address: path and query */
  url: string;
  user: AuthUser;
  /** answers a GET of the API (path and query) as `user` */
  get: (path: string) => Promise<ApiAnswer>;
  /** when to give up (epoch ms): the page then goes out without a painted screen */
  deadline: number;
}

/**
 * Renders needed at most: the app asks for its data in steps (the league list, then the league's data), and
 * a lazily loaded part (the page, the top bar's menus, the toaster) renders its fallback until its code is in.
 */
const MAX_PASSES = 20;
/** A Suspense boundary rendered as its fallback: a page's code (React.lazy) is not loaded yet. */
const SUSPENDED = /<!--\$[!?]-->/;

// The app's query functions call `apiFetch`, which sends through the transport. A render's queries are started
// synchronously (TanStack starts a query function inside `fetch()`, and `apiFetch` reaches the transport before
// its first await) while `answering` is set, so concurrent renders never see each other's player.
let answering: FirstScreenRequest['get'] | null = null;
setApiTransport((path, init) => {
  if (!answering) return fetch(path, init);
  return answering(path).then(
    (answer) =>
      new Response(answer.status === 204 ? null : firstItems(path, answer), {
        status: answer.status,
        headers: { 'content-type': answer.contentType },
      }),
  );
});

/**
 * The answers drawn as a long list (the market's catalogues, the leaderboard's first page), by the field that
 * holds it: the render only needs the items a first screen keeps, and each card or row it does not draw is time
 * saved. The tests check that the result equals the app's render of the whole answer, cut.
 */
const LISTS: [RegExp, string][] = [
  [/^\/api\/leagues\/[^/?]+\/players(\?|$)/, 'players'],
  [/^\/api\/champions\?/, 'champions'],
  [/^\/api\/leagues\/[^/?]+\/leaderboard\?/, 'entries'],
];

/** The answer's body, its list (if it is one of LISTS) cut to the first STORED_ITEMS items. */
function firstItems(path: string, answer: ApiAnswer): string {
  const field = answer.status === 200 ? LISTS.find(([pattern]) => pattern.test(path))?.[1] : undefined;
  if (!field) return answer.body;
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  const list = body[field];
  return Array.isArray(list) && list.length > STORED_ITEMS
    ? JSON.stringify({ ...body, [field]: list.slice(0, STORED_ITEMS) })
    : answer.body;
}

const aTick = () => new Promise((resolve) => setTimeout(resolve, 1));

function isEnabled(query: Query): boolean {
  if (query.options.queryFn === skipToken) return false;
  // the observer's options the query was built with (`enabled` is not in a query's own type)
  const { enabled } = query.options as unknown as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Starts the queries' own query functions with the player's answers; resolves when they have settled. */
function fetchAll(queries: Query[], get: FirstScreenRequest['get']): Promise<unknown> {
  answering = get;
  try {
    return Promise.all(queries.map((query) => query.fetch().catch(() => undefined)));
  } finally {
    answering = null;
  }
}

/** Waits for `work`, at most until `deadline`; false when the time ran out. */
async function within(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Keeps the first `limit` matches of `pattern` in `html`. */
function keepFirst(html: string, pattern: RegExp, limit: number, seen = { count: 0 }): string {
  return html.replace(pattern, (match) => (++seen.count > limit ? '' : match));
}

/** A page's `<title>`, which React hoists into the head in a browser; the app sets it when it runs. */
const TITLE = /<title>[\s\S]*?<\/title>/g;
/**
 * The hidden native `<select>` Radix's Select adds inside a form: without a DOM it cannot see that there is no
 * form, so it renders one, which the browser's render does not.
 */
const FORM_SELECT = /<select aria-hidden="true" tabindex="-1"[^>]*>[\s\S]*?<\/select>/g;
const MARKET_CARD = /<li\b[^>]*\bdata-market-card\b[^>]*>[\s\S]*?<\/li>/g;
const TABLE_BODY = /(<tbody\b[^>]*>)([\s\S]*?)(<\/tbody>)/g;
const TABLE_ROW = /<tr\b[^>]*>[\s\S]*?<\/tr>/g;

/**
 * The markup without the market's cards and the tables' body rows beyond the first STORED_ITEMS, as
 * `firstScreenHtml` keeps a drawn page, nor the page's `<title>` and Radix's form selects (cards hold no list items, rows no rows: the first closing tag ends one).
 */
export function firstScreenMarkup(html: string): string {
  const rows = { count: 0 };
  return keepFirst(html.replace(TITLE, '').replace(FORM_SELECT, ''), MARKET_CARD, STORED_ITEMS).replace(
    TABLE_BODY,
    (_, open: string, body: string, close: string) =>
      open + keepFirst(body, TABLE_ROW, STORED_ITEMS, rows) + close,
  );
}

function renderPage(
  client: QueryClient,
  router: ReturnType<typeof createStaticRouter>,
  context: StaticHandlerContext,
) {
  const report = { ready: false };
  const html = renderToString(
    <FirstScreenReportContext value={report}>
      <AppProviders queryClient={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </FirstScreenReportContext>,
  );
  return { html, ready: report.ready };
}

/**
 * The first screen of `request.url` as the app draws it for `request.user` once the page has its data: the
 * inside of `#root`, its lists cut to their first STORED_ITEMS. Null when the page is not one of
 * FIRST_SCREEN_PAGES, does not say it is drawn (a redirect, no league), any of its reads fails, or the
 * deadline passes first.
 */
export async function renderFirstScreen(request: FirstScreenRequest): Promise<string | null> {
  const address = new URL(request.url, 'http://first-screen.invalid');
  if (!FIRST_SCREEN_PAGES.includes(address.pathname)) return null;
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const client = createQueryClient({ user: request.user });
  // one try each: a retry would come after the deadline
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const { html, ready } = renderPage(client, router, context);
    const queries = client.getQueryCache().getAll();
    if (queries.some((query) => query.state.status === 'error')) return null;
    const waiting = queries.filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query),
    );
    const suspended = SUSPENDED.test(html);
    if (waiting.length === 0 && !suspended) return ready ? firstScreenMarkup(html) : null;
    // the data the render asked for; a page's code that was still loading resolves meanwhile (or after a tick)
    const settled = suspended
      ? Promise.all([fetchAll(waiting, request.get), aTick()])
      : fetchAll(waiting, request.get);
    if (!(await within(settled, request.deadline))) return null;
  }
  return null;
}

/** The longest the warm-up waits for the pages' lazily loaded parts. */
const WARM_UP_MS = 20_000;

/** Signed in, so the guards let the pages render (their queries are never fetched). */
const WARM_UP_USER: AuthUser = { id: '', email: '', username: '', isAdmin: false, createdAt: '' };

/**
 * Loads the painted pages' code and settles the lazy components they render (the page, the top bar's menus,
 * the toaster), so that a server's first requests are painted within their budget too.
 */
export async function prepareFirstScreens(): Promise<void> {
  await Promise.all(FIRST_SCREEN_PAGES.map((page) => preloadPages(page)));
  for (const page of FIRST_SCREEN_PAGES) {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(page, 'http://first-screen.invalid')));
    if (context instanceof Response) continue;
    const router = createStaticRouter(handler.dataRoutes, context);
    const client = createQueryClient({ user: WARM_UP_USER });
    const until = Date.now() + WARM_UP_MS;
    while (SUSPENDED.test(renderPage(client, router, context).html) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
