// Registers the service worker (src/client/sw/sw.ts, the app shell cache). On a first visit the worker
// downloads every script of the build as it installs, which competes with the page's own first data
// and drawing and with whatever someone does in the first seconds. So it waits until the page has been
// quiet for a moment after loading, each click or key restarting that wait. A returning visitor's
// worker is already in control, and this only checks for an update.
// Push alerts need the worker at once and ask for it with `serviceWorkerNow`. Only in the built app:
// under `vite` dev it would cache modules that change on every save.

/**
 * How long after the page has loaded, and after the last click, key or typing, the worker is
 * registered, when nothing asked for it sooner.
 */
const SETTLE_MS = 3_000;
const INPUT_EVENTS = ['pointerdown', 'keydown', 'input'] as const;

const available = () => import.meta.env.PROD && 'serviceWorker' in navigator;
let registered = false;

/** Registers the worker now, once per page (the browser keeps the registration across visits). */
export function serviceWorkerNow(): void {
  if (!available() || registered) return;
  registered = true;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.warn('The service worker could not be registered; the app works without it.', error);
  });
}

export function registerServiceWorker(): void {
  if (!available()) return;
  let timer: number | undefined;
  const settled = () => {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, later, { capture: true });
    serviceWorkerNow();
  };
  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(settled, SETTLE_MS);
  }
  const start = () => {
    for (const type of INPUT_EVENTS) window.addEventListener(type, later, { capture: true, passive: true });
    later();
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
