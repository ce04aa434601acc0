// Registers the service worker (src/client/sw/sw.ts, the app shell cache). On a first visit the worker
// downloads every script of the build (about 700 kB) as it installs: registered as soon as the page
// had loaded, that competed with the page's own first data and drawing (the management dashboard's
// first card came about 300 ms later). So it waits until the page has been quiet for a moment after
// loading; a returning visitor's worker is already in control, and this only checks for an update.
// Push alerts need the worker at once and ask for it with `serviceWorkerNow`. Only in the built app:
// under `vite` dev it would cache modules that change on every save.

/** How long after the page has loaded the worker is registered, when nothing asked for it sooner. */
const SETTLE_MS = 3_000;

let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** Registers the worker now (once per page); resolves with its registration, or undefined without one. */
export function serviceWorkerNow(): Promise<ServiceWorkerRegistration | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('The service worker could not be registered; the app works without it.', error);
    return undefined;
  });
  return registering;
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const later = () => window.setTimeout(() => void serviceWorkerNow(), SETTLE_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
