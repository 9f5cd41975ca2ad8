/**
 * Registers the service worker (built by vite-plugin-pwa, production builds only) and asks before taking a
 * new build: a deployed version waits until the player taps "Aggiorna", so a form being filled in is never
 * reloaded under their fingers.
 */
export const UPDATE_MESSAGE = 'Nuova versione disponibile';
export const UPDATE_ACTION = 'Aggiorna';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    const updateSW = registerSW({
      onNeedRefresh() {
        void import('sonner').then(({ toast }) =>
          toast(UPDATE_MESSAGE, {
            id: 'pwa-update',
            duration: Number.POSITIVE_INFINITY,
            action: { label: UPDATE_ACTION, onClick: () => void updateSW(true) },
          }),
        );
      },
    });
  });
}
