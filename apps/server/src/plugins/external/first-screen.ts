import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { type AuthUser, SESSION_COOKIE } from '../../modules/auth/index.ts';
import { sessionUser } from './web-shell.ts';

/**
 * A signed-in player's first screen painted by the server (issue 33 item 7): the web app's own components
 * rendered to HTML (apps/web/src/first-screen-server.tsx, built beside the web app by vite.ssr.config.ts)
 * from the answers of the API's own routes for that player, asked in-process. The shell carries it beside a
 * hidden `#root` (web-shell.ts); the app takes over when its page has its data. When the renderer is not
 * built, fails or runs out of time, the shell goes out without it.
 */

/** An API answer as the renderer reads it. */
interface ApiAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** What the built renderer exports (apps/web/src/first-screen-server.tsx). */
interface FirstScreenModule {
  FIRST_SCREEN_PAGES: readonly string[];
  renderFirstScreen(request: {
    url: string;
    user: ReturnType<typeof sessionUser>;
    get: (path: string) => Promise<ApiAnswer>;
    deadline: number;
  }): Promise<string | null>;
  prepareFirstScreens(): Promise<void>;
}

/**
 * The longest the shell waits for its painted screen: its reads (the page's preloads) and its renders take tens
 * of ms (docs/phone-first-load.md); a slow database sends the shell as it was, without the picture, which
 * then loses less than the painting saves a phone.
 */
export const FIRST_SCREEN_BUDGET_MS = 400;

/** Where the renderer is built: `dist-ssr/` beside the web app's `dist/`. */
export function firstScreenModule(webDist: string): string {
  return path.join(path.dirname(webDist), 'dist-ssr', 'first-screen-server.js');
}

export interface FirstScreenPainter {
  /** the pages it paints (the app's paths) */
  pages: ReadonlySet<string>;
  /**
   * The first screen of `url` for `user` (whose session `token` the API's routes read), or null. The
   * `preloads` are asked for at once, together; the render asks for anything else it needs.
   */
  paint(url: string, user: AuthUser, token: string, preloads: string[]): Promise<string | null>;
}

/** Loads the built renderer, or null without a build of it (or when it does not load: logged). */
export async function loadFirstScreenPainter(
  app: FastifyInstance,
  file: string,
): Promise<FirstScreenPainter | null> {
  if (!existsSync(file)) return null;
  let renderer: FirstScreenModule;
  try {
    renderer = (await import(pathToFileURL(file).href)) as FirstScreenModule;
    await renderer.prepareFirstScreens();
  } catch (error) {
    app.log.error({ err: error, file }, 'first screen: the renderer does not load; shells go out without it');
    return null;
  }

  return {
    pages: new Set(renderer.FIRST_SCREEN_PAGES),
    async paint(url, user, token, preloads) {
      const started = performance.now();
      const answers = new Map<string, Promise<ApiAnswer>>();
      // the player's own answers: the API's routes with the player's session, in this process
      const get = (apiPath: string) => {
        let answer = answers.get(apiPath);
        if (!answer) {
          answer = app
            .inject({
              method: 'GET',
              url: apiPath,
              headers: {
                cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
                accept: 'application/json',
              },
            })
            .then((response) => ({
              status: response.statusCode,
              contentType: String(response.headers['content-type'] ?? ''),
              body: response.body,
            }));
          answers.set(apiPath, answer);
        }
        return answer;
      };
      for (const preload of preloads) void get(preload).catch(() => undefined);
      try {
        const deadline = Date.now() + FIRST_SCREEN_BUDGET_MS;
        let timer: NodeJS.Timeout | undefined;
        // the renderer stops at its deadline; this stops waiting for it anyway, a little later
        const late = new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), FIRST_SCREEN_BUDGET_MS + 50);
        });
        const html = await Promise.race([
          renderer.renderFirstScreen({ url, user: sessionUser(user), get, deadline }),
          late,
        ]).finally(() => clearTimeout(timer));
        const ms = Math.round(performance.now() - started);
        if (html === null) {
          // out of time, a failed read, or a page with nothing of the player's to draw (no league yet)
          app.log[ms >= FIRST_SCREEN_BUDGET_MS ? 'warn' : 'info']({ url, ms }, 'first screen: not painted');
          return null;
        }
        if (/<script\b/i.test(html)) {
          // the policy allows only the theme script by its hash: a painted screen never carries code
          app.log.error({ url }, 'first screen: the rendered page has a script; not painted');
          return null;
        }
        return html;
      } catch (error) {
        app.log.error({ err: error, url }, 'first screen: rendering failed; the shell goes out without it');
        return null;
      }
    },
  };
}
