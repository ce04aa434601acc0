// Clean Up Edinburgh's service worker: keeps the app shell so the site opens, and a report can be
// started, on no signal at all. Pages: network first, the cached shell when offline. Built assets
// (/assets/*, hashed, never change): stale-while-revalidate. The API and photos are never touched.
// Volunteer alerts arrive as Web Push messages: each is shown as a notification, and a tap opens the
// find page (an open window of the app is focused and taken there rather than opening another).
// At install, and whenever a new build's page arrives, every asset of the build is cached, including
// the ones loaded on demand (the list is /app-shell.json, written by the build).

const CACHE = 'app-shell-v1';
const SHELL = '/';
const ASSET_LIST = '/app-shell.json';
const STATIC_FILES = [
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
  '/apple-touch-icon.png',
];
const MATCH = { ignoreVary: true, ignoreSearch: false };

self.addEventListener('install', (event) => {
  // A failed precache (say, the signal dropped) still installs: pages and assets are cached as used.
  event.waitUntil(
    caches
      .open(CACHE)
      .then(async (cache) => {
        const shell = await fetch(SHELL, { cache: 'no-cache' });
        if (shell.ok) await cache.put(SHELL, shell);
        await precacheBuild(cache);
      })
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)))),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return; // report uploads and every other change go straight out
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/photos/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageNetworkFirst(event));
  } else if (url.pathname.startsWith('/assets/') || STATIC_FILES.includes(url.pathname)) {
    event.respondWith(staleWhileRevalidate(event));
  }
});

/** Every page path serves the same index.html; offline, the cached one stands in for any of them. */
async function pageNetworkFirst(event) {
  try {
    const response = await fetch(event.request);
    const isShell = response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html');
    if (isShell) event.waitUntil(rememberShell(response.clone()).catch(() => undefined));
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    const shell = await cache.match(SHELL, MATCH);
    if (shell) return shell;
    throw error;
  }
}

/** Keeps the newest index.html; when it changed (a new build), caches that build's assets too. */
async function rememberShell(response) {
  const cache = await caches.open(CACHE);
  const previous = await cache.match(SHELL, MATCH);
  const [fresh, old] = await Promise.all([response.clone().text(), previous ? previous.text() : null]);
  await cache.put(SHELL, response);
  if (fresh !== old) await precacheBuild(cache);
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(event.request, MATCH);
  const network = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (cached) {
    event.waitUntil(network.catch(() => undefined));
    return cached;
  }
  return network;
}

/** Caches the build's assets that are not cached yet, and drops those of builds gone by. */
async function precacheBuild(cache) {
  const listResponse = await fetch(ASSET_LIST, { cache: 'no-cache' });
  if (!listResponse.ok) return;
  const assets = await listResponse.json();
  await Promise.all(
    [...assets, ...STATIC_FILES].map(async (path) => {
      if (path.startsWith('/assets/') && (await cache.match(path, MATCH))) return;
      const response = await fetch(path, { cache: 'no-cache' });
      if (response.ok) await cache.put(path, response);
    }),
  );
  const keep = new Set(assets);
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/') && !keep.has(pathname)) await cache.delete(request);
  }
}

const ALERT_PAGE = '/volunteers';

self.addEventListener('push', (event) => {
  event.waitUntil(showAlert(event.data));
});

/** The server sends JSON: title, body (the three-word locations), icon and image (the thumbnail), url. */
async function showAlert(data) {
  let alert;
  try {
    alert = data ? data.json() : {};
  } catch {
    alert = { body: data ? data.text() : '' };
  }
  const url =
    typeof alert.url === 'string' && alert.url.startsWith('/') && !alert.url.startsWith('//') ? alert.url : ALERT_PAGE;
  await self.registration.showNotification(alert.title || 'New graffiti report in Edinburgh', {
    body: alert.body || 'A new graffiti report is waiting for a volunteer.',
    icon: alert.icon || '/icon-192.png',
    ...(alert.image ? { image: alert.image } : {}),
    tag: alert.tag || 'new-reports',
    renotify: true,
    data: { url },
  });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.url) || ALERT_PAGE;
  event.waitUntil(openAlertPage(new URL(path, self.location.origin).href));
});

async function openAlertPage(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open && 'navigate' in open) {
    try {
      const focused = await open.focus();
      return await focused.navigate(url);
    } catch {
      // An uncontrolled window cannot be navigated from here: open a new one instead.
    }
  }
  return self.clients.openWindow(url);
}
