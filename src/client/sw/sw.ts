/// <reference lib="webworker" />
// Clean Up Edinburgh's service worker: keeps the app shell so the site opens, and a report can be
// started, on no signal at all. The build's files (every script and style, including the chunks loaded
// on demand, the icons and the manifest) are precached by Workbox from the list the build injects.
// Pages: network first, the precached index.html when offline. The API (and Open311) and photos are never touched:
// a report upload and every other change go straight out.
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { listenForAlerts } from './alert-notifications.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// A new worker takes over at once, but does not claim pages already open: the first visit is not
// taken over mid-flight; the next page load is served by the worker.
void self.skipWaiting();

// Registered before the precache's route, which would otherwise answer '/' from the cache first.
const pages = new NetworkFirst({ cacheName: 'pages' });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await pages.handle(options);
      } catch (error) {
        // Every page path serves the same index.html; offline, the precached one stands in for any of them.
        const shell = await matchPrecache('/index.html');
        if (shell) return shell;
        throw error;
      }
    },
    { denylist: [/^\/api\//, /^\/photos\//, /^\/open311\//] },
  ),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

listenForAlerts(self);
