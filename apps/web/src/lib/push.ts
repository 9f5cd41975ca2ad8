import { MESSAGES } from '@fantarift/core';
import { api } from '@/lib/api/client';
import { isApiError } from '@/lib/api-client';

/** Web Push on this device: the browser's subscription, registered with the server (issue 33). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The service worker's registration, once it is there (production builds only register one). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const reg = await navigator.serviceWorker.getRegistration();
  if (!reg) throw new Error(MESSAGES.notifications.pushUnsupported);
  return navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser's permission (after a tap), subscribes with the server's VAPID key and registers it. */
export async function subscribeThisDevice(): Promise<void> {
  if (!pushSupported()) throw new Error(MESSAGES.notifications.pushUnsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error(MESSAGES.notifications.pushDenied);
  const reg = await registration();
  const { publicKey } = await api.get('/api/push/public-key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  const json = subscription.toJSON();
  await api.post('/api/me/push-subscriptions', {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api
    .delete('/api/me/push-subscriptions', { body: { endpoint: subscription.endpoint } })
    .catch((error) => {
      // already forgotten by the server (another account took the device, or the push service dropped it)
      if (!isApiError(error, 404)) throw error;
    });
  await subscription.unsubscribe();
}
