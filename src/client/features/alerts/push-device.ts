// This browser's Web Push subscription: whether push can work here, subscribing with the server's
// VAPID key (replacing a subscription made for another key), and unsubscribing.
import type { PushSubscriptionInput } from '#shared/contracts/alerts.ts';
import { serviceWorkerNow } from '#client/lib/register-service-worker.ts';

export type PushAvailability = 'available' | 'unsupported' | 'blocked';

class PushUnavailableError extends Error {
  override name = 'PushUnavailableError';
}

export function pushAvailability(): PushAvailability {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  ) {
    return 'unsupported';
  }
  return Notification.permission === 'denied' ? 'blocked' : 'available';
}

function base64UrlToBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The service worker's registration, registering it now if the page had not yet, and waiting a little for it. */
async function registration(): Promise<ServiceWorkerRegistration> {
  serviceWorkerNow();
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new PushUnavailableError('Push notifications are not available in this browser right now.')),
      10_000,
    ),
  );
  return Promise.race([ready, timeout]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() === 'unsupported') return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  return found ? found.pushManager.getSubscription() : null;
}

/** Asks for permission (only now, when the volunteer switched push on) and subscribes. */
export async function subscribeThisDevice(vapidPublicKey: string): Promise<PushSubscriptionInput> {
  if (pushAvailability() === 'unsupported')
    throw new PushUnavailableError('This browser cannot show push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushUnavailableError(
      'Notifications are blocked for this site. Allow them in your browser settings, then try again.',
    );
  }
  const key = base64UrlToBytes(vapidPublicKey);
  const { pushManager } = await registration();
  let subscription = await pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) {
    throw new PushUnavailableError('This browser gave an incomplete push subscription. Please try again.');
  }
  return { endpoint, expirationTime, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  const { endpoint } = subscription;
  await subscription.unsubscribe().catch(() => false);
  return endpoint;
}
