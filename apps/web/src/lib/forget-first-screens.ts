/**
 * Asks the service worker to delete the stored first screens (public/snapshot-sw.js) when the signed-in user
 * changes: a sign-in or a sign-out. (The worker also deletes them itself when it sees those requests or a
 * shell for another user; a page it does not control yet only reaches it this way.)
 */
export function forgetFirstScreens(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.active?.postMessage({ type: 'fantarift-forget-first-screens' }));
}
