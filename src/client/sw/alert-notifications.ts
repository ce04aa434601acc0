// Volunteer alerts arrive as Web Push messages: each is shown as a notification, and a tap opens the
// page it names (the find page unless told otherwise); an open window of the app is focused and taken
// there rather than opening another.

import type { AlertPushPayload } from '#shared/contracts/alerts.ts';
import { pagePaths } from '#shared/routes.ts';

const ALERT_PAGE = pagePaths.find;

/** Wires the two events: a push shows its notification, a tap opens (or focuses) its page. */
export function listenForAlerts(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showAlert(scope.registration, event.data));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const origin = scope.location.origin;
    event.waitUntil(openAlertPage(scope.clients, origin, alertTarget(event.notification, origin)));
  });
}

/** As the server sends it; any part may be missing from a message that did not come from us. */
type PushedAlert = Partial<AlertPushPayload>;

/** The server sends JSON: title, body (the three-word locations), icon and image (the thumbnail), url. */
async function showAlert(registration: ServiceWorkerRegistration, data: PushMessageData | null): Promise<void> {
  let alert: PushedAlert;
  try {
    alert = data ? (data.json() as PushedAlert) : {};
  } catch {
    alert = { body: data ? data.text() : '' };
  }
  const url =
    typeof alert.url === 'string' && alert.url.startsWith('/') && !alert.url.startsWith('//') ? alert.url : ALERT_PAGE;
  await registration.showNotification(alert.title || 'New graffiti report in Edinburgh', {
    body: alert.body || 'A new graffiti report is waiting for a volunteer.',
    icon: alert.icon || '/icon-192.png',
    ...(alert.image ? { image: alert.image } : {}),
    tag: alert.tag || 'new-reports',
    renotify: true,
    data: { url },
  } as NotificationOptions);
}

/** The absolute URL a tap on this notification opens. */
function alertTarget(notification: Notification, origin: string): string {
  const data = notification.data as { url?: string } | null;
  return new URL(data?.url || ALERT_PAGE, origin).href;
}

async function openAlertPage(clients: Clients, origin: string, url: string): Promise<unknown> {
  const windows = (await clients.matchAll({ type: 'window', includeUncontrolled: true })) as WindowClient[];
  const same = windows.find((client) => client.url === url);
  if (same) return same.focus();
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open && 'navigate' in open) {
    try {
      const focused = await open.focus();
      return await focused.navigate(url);
    } catch {
      // An uncontrolled window cannot be navigated from here: open a new one instead.
    }
  }
  return clients.openWindow(url);
}
