// The service worker's push handlers (imported by the Workbox worker: vite.config.ts `importScripts`).
// A push carries { title, body, url, tag } (apps/server/src/modules/notifications/render.ts).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'FantaRift', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'FantaRift', {
      body: data.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: data.tag,
      lang: 'it',
      data: { url: data.url || '/' },
    }),
  );
});

// A tap opens the page the notification is about, in an open window of the app when there is one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if ('focus' in w && new URL(w.url).origin === self.location.origin) {
          return w.navigate(url).then((c) => (c ?? w).focus());
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
