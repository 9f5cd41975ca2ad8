import { createContext, use, useEffect } from 'react';
import { useAuth } from '@/lib/auth';

/**
 * A returning player's first screen (issue 33 item 7). The service worker (public/snapshot-sw.js) puts what
 * the market or the leaderboard last drew for this player in the shell, in `#fr-first-screen` beside a
 * hidden `#root`: the cards and rows paint with the HTML, while the app's code loads and runs. The app's own
 * render (fresh data) takes their place as soon as the page has its data (`useFirstScreen`), after a few
 * seconds at most, or at the player's first tap on the stored one (it does nothing: it is only a picture).
 */
export const FIRST_SCREEN_ID = 'fr-first-screen';
/** The longest a stored screen stays when the page never says it is ready (an error, another page). */
export const FIRST_SCREEN_MAX_MS = 8000;
/** A taken screen is this long after the page's data is drawn: the late parts (menus, badges) are in. */
const CAPTURE_DELAY_MS = 1500;

/** Shows the app in place of the stored screen (when there is one). Returns whether there was one. */
export function showApp(doc: Document = document): boolean {
  const stored = doc.getElementById(FIRST_SCREEN_ID);
  if (!stored) return false;
  stored.remove();
  doc.getElementById('root')?.removeAttribute('hidden');
  return true;
}

/**
 * The stored screen gives way after FIRST_SCREEN_MAX_MS, or as soon as the player touches it. Returns whether
 * the page has one.
 */
export function limitFirstScreen(doc: Document = document): boolean {
  const stored = doc.getElementById(FIRST_SCREEN_ID);
  if (!stored) return false;
  const give = () => showApp(doc);
  stored.addEventListener('pointerdown', give, { once: true });
  stored.addEventListener('keydown', give, { once: true });
  setTimeout(give, FIRST_SCREEN_MAX_MS);
  return true;
}

/** What a phone's first screen shows of a long list: the rest of the cards and rows are not stored. */
export const STORED_ITEMS = 12;

/**
 * The HTML of the page as drawn, for a stored first screen: the market's cards and the tables' rows beyond
 * the first STORED_ITEMS left out (below a phone's fold: less to store, parse and lay out before the paint).
 */
export function firstScreenHtml(root: HTMLElement): string {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const extra of [
    ...[...copy.querySelectorAll('[data-market-card]')].slice(STORED_ITEMS),
    ...[...copy.querySelectorAll('tbody > tr')].slice(STORED_ITEMS),
  ])
    extra.remove();
  return copy.innerHTML;
}

/** Sends the page as drawn now to the service worker, for this player's next visit of the same address. */
function capture(userId: string): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const root = document.getElementById('root');
  if (!root || root.hidden) return;
  const message = {
    type: 'fantarift-first-screen',
    user: userId,
    address: location.pathname + location.search,
    html: firstScreenHtml(root),
  };
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/**
 * What the server's renderer (src/first-screen-server.tsx) learns from the page it paints: whether the page
 * said, in its last render, that its data is drawn. Only that renderer provides it.
 */
export interface FirstScreenReport {
  ready: boolean;
}
export const FirstScreenReportContext = createContext<FirstScreenReport | null>(null);

/**
 * Called by a page that has a stored first screen (the market, the leaderboard) with `ready` true once its
 * data is drawn (or its error): the app's render replaces the stored screen in the next frame, and a while
 * later the page as drawn is handed to the service worker for the next visit.
 */
export function useFirstScreen(ready: boolean): void {
  const { user } = useAuth();
  const userId = user?.id;
  const report = use(FirstScreenReportContext);
  // the server's renderer has no effects: the page tells it during the render itself
  if (report) report.ready = ready;
  useEffect(() => {
    if (!ready) return;
    const frame = requestAnimationFrame(() => showApp());
    if (!userId) return () => cancelAnimationFrame(frame);
    const timer = setTimeout(() => capture(userId), CAPTURE_DELAY_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, userId]);
}
