import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { MESSAGES } from '@fantarift/core';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findSessionUser, SESSION_COOKIE } from '../../modules/auth/index.ts';
import { fantaInviteCard } from '../../modules/fanta-leagues/index.ts';
import { defaultLeagueId } from '../../modules/leagues/index.ts';
import { inviteCard } from '../../modules/private-leagues/index.ts';
import { firstScreenModule, loadFirstScreenPainter } from './first-screen.ts';
import { defaultPreview, type LinkPreview, loadWebShell } from './web-shell.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding the shell goes out in: brotli, else gzip (a `q=0` refuses one), else none. */
export function shellEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** The installable app's files whose name stays the same from one build to the next (issue 33). */
const REVALIDATED = new Set([
  'sw.js',
  'push-sw.js',
  'snapshot-sw.js',
  'manifest.webmanifest',
  'offline.html',
]);

/**
 * Invite addresses whose preview names what the link opens (issue 33): a chat shows a card with the league's
 * name and its official league, nothing more.
 */
const INVITE_PREVIEWS: {
  path: RegExp;
  preview: (
    app: FastifyInstance,
    code: string,
    ip: string,
  ) => Promise<Omit<LinkPreview, 'image' | 'url'> | null>;
}[] = [
  {
    path: /^\/leghe-private\/invito\/([^/?#]+)\/?$/,
    async preview(app, code, ip) {
      const card = await inviteCard(app.db, code, ip);
      return card
        ? {
            title: `Unisciti a «${card.name}» su FantaRift`,
            description: `Lega privata di ${card.leagueName}: stessi roster e stessi punti, una classifica solo vostra.`,
          }
        : null;
    },
  },
  {
    path: /^\/leghe-fanta\/invito\/([^/?#]+)\/?$/,
    async preview(app, code, ip) {
      const card = await fantaInviteCard(app.db, code, ip);
      return card
        ? {
            title: `Unisciti a «${card.name}» su FantaRift`,
            description: `Lega Fanta di ${card.leagueName}: un’asta dal vivo tra amici, ogni giocatore in una sola rosa.`,
          }
        : null;
    },
  },
];

/** The page's link preview: an invite's own card where the address is one, else the app's. */
async function linkPreview(app: FastifyInstance, url: string, ip: string): Promise<LinkPreview> {
  const path = new URL(url, 'http://shell.invalid').pathname;
  const base = defaultPreview(app.config.appUrl, path);
  for (const invite of INVITE_PREVIEWS) {
    const code = invite.path.exec(path)?.[1];
    if (code === undefined) continue;
    // a broken address or a failed look-up still gets the app's own card
    const card = await Promise.resolve()
      .then(() => invite.preview(app, decodeURIComponent(code), ip))
      .catch(() => null);
    return card ? { ...base, ...card } : base;
  }
  return base;
}

/** Sent by the service worker on a navigation to a page whose first screen it has stored. */
const STORED_SCREEN_HEADER = 'x-fantarift-stored-screen';

/** Serves the built single-page app; unknown non-API paths get index.html so the client router decides. */
export default fp(async function webPlugin(app: FastifyInstance) {
  const dist = app.config.webDist;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const shell = hasWeb ? loadWebShell(dist) : null;
  // the signed-in player's market and leaderboard painted with the HTML (first-screen.ts)
  const painter = shell ? await loadFirstScreenPainter(app, firstScreenModule(dist)) : null;
  if (shell?.missingModules.length) {
    app.log.warn(
      { modules: shell.missingModules },
      'web shell: route modules missing from the build manifest',
    );
  }
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // the build writes a .br and a .gz beside every text file over 1 KB (vite.config.ts)
      preCompressed: true,
      setHeaders(res, filePath) {
        // hashed assets never change; index.html must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (REVALIDATED.has(path.basename(filePath))) {
          // the service worker and what it imports: a new build must be seen on the next check
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || !shell || request.method !== 'GET') {
      return reply.status(404).send({ code: 'NOT_FOUND', message: MESSAGES.common.notFound });
    }
    // The shell names the signed-in user and preloads the page's code: it differs per visitor, so it is
    // revalidated every time and never kept by a shared cache.
    const token = request.cookies[SESSION_COOKIE];
    const user = token ? await findSessionUser(app.db, token) : null;
    // the league the page will show when its address names none, so its data is preloaded too
    const defaultLeague =
      user && shell.wantsDefaultLeague(request.url) ? await defaultLeagueId(app.db, user.id) : null;
    const route = new URL(request.url, 'http://shell.invalid').pathname;
    const paintStarted = performance.now();
    // a returning player's service worker has this page's stored screen and paints it without waiting for
    // the server (snapshot-sw.js): the shell then goes out at once, unpainted
    const stored = request.headers[STORED_SCREEN_HEADER] === '1';
    const painted =
      user && token && !stored && painter?.pages.has(route)
        ? await painter.paint(request.url, user, token, shell.paintReads(request.url, defaultLeague))
        : null;
    // the painting's share of the shell's time, beside the whole in the browser's network panel
    if (painted !== null)
      reply.header('Server-Timing', `first-screen;dur=${(performance.now() - paintStarted).toFixed(1)}`);
    const html = shell.render(request.url, user, {
      defaultLeague,
      preview: await linkPreview(app, request.url, request.ip),
      firstScreen: painted,
      // the worker that has a stored screen has the app's files too: the stylesheet comes from its precache
      linkStylesheet: stored,
    });
    reply
      .header('Cache-Control', 'no-cache, private')
      .header('Vary', `Cookie, Accept-Encoding, ${STORED_SCREEN_HEADER}`)
      .type('text/html; charset=utf-8');
    // @fastify/compress only hooks real routes, never this handler: the shell, with its stylesheet inline on
    // a first visit, is compressed here (brotli 5: docs/phone-first-load.md has its size and cost).
    const encoding = shellEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    const body =
      encoding === 'br'
        ? await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : await gzipAsync(html, { level: 6 });
    return reply.header('Content-Encoding', encoding).send(body);
  });
});
