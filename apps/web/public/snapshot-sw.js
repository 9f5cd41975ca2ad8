// A returning player's first screen (issue 33 item 7), imported by the Workbox worker (vite.config.ts
// `importScripts`). The app sends the worker what its market and leaderboard drew (the HTML inside #root,
// src/lib/first-screen.ts); the next navigation to the same address by the same player gets that HTML in
// the shell, beside a hidden #root, so the cards and rows paint with the HTML instead of after the app's
// code has run. The app shows its own render, with fresh data, in their place as soon as it has it.
// The shell still comes from the network (it carries the session); a snapshot is only ever shown to the
// user it was taken for (the shell's session meta says who), and a visitor's shell, a sign-in or a sign-out
// deletes them. A shell the server painted itself (apps/server/src/plugins/external/first-screen.ts) keeps its
// own screen. Without a network the navigation gets the Italian offline page.

const SNAPSHOT_CACHE = 'fantarift-first-screens';
const SNAPSHOT_PAGES = ['/market', '/leaderboard'];
const SNAPSHOT_MAX_CHARS = 400000;
const OFFLINE_PAGE = '/offline.html';

const snapshotKey = (user, address) =>
  new URL(
    `/__first-screen?u=${encodeURIComponent(user)}&p=${encodeURIComponent(address)}`,
    self.location.origin,
  ).href;

/** The signed-in user's id from the shell's session meta (apps/server/src/plugins/external/web-shell.ts). */
function sessionUserId(html) {
  const meta = /<meta name="fantarift-session" content="([^"]*)"/.exec(html);
  if (!meta) return null;
  const json = meta[1]
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  try {
    const id = JSON.parse(json)?.user?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Deletes the stored first screens: every one, or those of other users than `keep`. */
async function forgetSnapshots(keep) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const keys = await cache.keys();
  await Promise.all(
    keys
      .filter((request) => keep === undefined || new URL(request.url).searchParams.get('u') !== keep)
      .map((request) => cache.delete(request)),
  );
  return keys.length;
}

function withHeader(headers, name, value) {
  const out = new Headers(headers);
  out.set(name, value);
  return out;
}

async function offlinePage() {
  return (await caches.match(OFFLINE_PAGE, { ignoreSearch: true })) || Response.error();
}

/** Whether a first screen of the address is stored (for whichever user: the shell says who is signed in). */
async function storedScreenOf(cache, address) {
  const page = address.pathname + address.search;
  return (await cache.keys()).some((key) => new URL(key.url).searchParams.get('p') === page);
}

async function navigate(request) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const address = new URL(request.url);
  // with a stored screen to paint, the server need not paint one (apps/server/src/plugins/external/web.ts):
  // its shell comes back without waiting for the page's data
  const outgoing =
    SNAPSHOT_PAGES.includes(address.pathname) && (await storedScreenOf(cache, address))
      ? new Request(request, { headers: withHeader(request.headers, 'x-fantarift-stored-screen', '1') })
      : request;
  let response;
  try {
    response = await fetch(outgoing);
  } catch {
    return offlinePage();
  }
  if (!response.ok || !(response.headers.get('content-type') || '').includes('text/html')) return response;
  // nothing stored: the shell streams through untouched
  if ((await cache.keys()).length === 0) return response;
  const html = await response.text();
  const user = sessionUserId(html);
  await forgetSnapshots(user === null ? undefined : user);
  let out = html;
  // a shell the server painted already carries the page's first screen, with fresh data
  const painted = html.includes('<div id="fr-first-screen">');
  if (user !== null && !painted && SNAPSHOT_PAGES.includes(address.pathname)) {
    const stored = await cache.match(snapshotKey(user, address.pathname + address.search));
    if (stored) {
      const snapshot = await stored.text();
      out = html.replace(
        '<div id="root">',
        () => `<div id="fr-first-screen">${snapshot}</div><div id="root" hidden>`,
      );
    }
  }
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(out, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  const url = new URL(request.url);
  // whoever signs in or out, the stored screens belong to nobody any more
  if (
    request.method === 'POST' &&
    url.origin === self.location.origin &&
    (url.pathname === '/api/auth/login' || url.pathname === '/api/auth/logout')
  ) {
    event.waitUntil(forgetSnapshots());
  }
});

self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type === 'fantarift-forget-first-screens') {
    event.waitUntil(forgetSnapshots());
    return;
  }
  if (data?.type !== 'fantarift-first-screen') return;
  if (typeof data.user !== 'string' || typeof data.address !== 'string' || typeof data.html !== 'string')
    return;
  if (data.html.length > SNAPSHOT_MAX_CHARS) return;
  const address = new URL(data.address, self.location.origin);
  if (address.origin !== self.location.origin || !SNAPSHOT_PAGES.includes(address.pathname)) return;
  event.waitUntil(
    (async () => {
      await forgetSnapshots(data.user);
      const cache = await caches.open(SNAPSHOT_CACHE);
      await cache.put(
        snapshotKey(data.user, address.pathname + address.search),
        new Response(data.html, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
      );
    })(),
  );
});
