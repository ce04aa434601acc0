// Registers the service worker (src/client/sw/sw.ts, the app shell cache) once the page has loaded, so it never competes with the
// first paint. Only in the built app: under `vite` dev it would cache modules that change on every save.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; the app works without it.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
