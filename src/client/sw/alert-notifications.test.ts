// The service worker's alert handlers (sw/alert-notifications.ts), run in a bare worker-like scope: a push shows
// the notification the server described, and a tap focuses or opens the find page. The browser test
// (e2e/alerts.spec.ts) shows the same notification through a real push in Chromium; a tap on a
// notification cannot be made there, so the tap is checked here.
import { describe, expect, it, vi } from 'vitest';
import { listenForAlerts } from './alert-notifications.ts';

const ORIGIN = 'https://cleanupedinburgh.example';

type Listener = (event: unknown) => void;

function loadWorker(
  windows: { url: string; focus: () => Promise<unknown>; navigate?: (url: string) => Promise<unknown> }[] = [],
) {
  const listeners: Record<string, Listener> = {};
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => {
      listeners[type] = listener;
    },
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: { matchAll: vi.fn(async () => windows), openWindow: vi.fn(async (url: string) => ({ url })) },
    skipWaiting: vi.fn(),
  };
  listenForAlerts(self as unknown as ServiceWorkerGlobalScope);
  async function dispatch(type: string, event: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    listeners[type]!({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  return { self, dispatch };
}

const pushed = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });

describe('the service worker and volunteer alerts', () => {
  it('shows a pushed alert: title, three-word location, thumbnail, and the page a tap opens', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch(
      'push',
      pushed({
        title: '2 new graffiti reports in Edinburgh',
        body: '///third.tag.here, ///second.tag.here',
        icon: `${ORIGIN}/photos/abc-thumb.jpg`,
        image: `${ORIGIN}/photos/abc-thumb.jpg`,
        url: '/volunteers',
        tag: 'new-reports',
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('2 new graffiti reports in Edinburgh', {
      body: '///third.tag.here, ///second.tag.here',
      icon: `${ORIGIN}/photos/abc-thumb.jpg`,
      image: `${ORIGIN}/photos/abc-thumb.jpg`,
      tag: 'new-reports',
      renotify: true,
      data: { url: '/volunteers' },
    });
  });

  it('never sends a tap to another site, and still says something when the message is not JSON', async () => {
    const { self, dispatch } = loadWorker();
    await dispatch('push', pushed({ title: 'Hi', url: 'https://elsewhere.example/' }));
    await dispatch('push', { data: { json: () => JSON.parse('not json'), text: () => 'not json' } });
    const calls = self.registration.showNotification.mock.calls as unknown as [
      string,
      { data: { url: string }; body: string },
    ][];
    expect(calls[0]![1].data.url).toBe('/volunteers');
    expect(calls[1]![0]).toBe('New graffiti report in Edinburgh');
    expect(calls[1]![1].body).toBe('not json');
  });

  it('a tap opens the find page when no window of the app is open', async () => {
    const { self, dispatch } = loadWorker();
    const close = vi.fn();
    await dispatch('notificationclick', { notification: { close, data: { url: '/volunteers' } } });
    expect(close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/volunteers`);
  });

  it('a tap focuses the find page when it is already open, or takes an open window of the app there', async () => {
    const onFind = { url: `${ORIGIN}/volunteers`, focus: vi.fn(async () => onFind) };
    const first = loadWorker([onFind]);
    await first.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/volunteers' } } });
    expect(onFind.focus).toHaveBeenCalled();
    expect(first.self.clients.openWindow).not.toHaveBeenCalled();

    const navigate = vi.fn(async () => null);
    const onHome = { url: `${ORIGIN}/`, focus: vi.fn(async () => onHome), navigate };
    const second = loadWorker([onHome]);
    await second.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url: '/volunteers' } } });
    expect(navigate).toHaveBeenCalledWith(`${ORIGIN}/volunteers`);
    expect(second.self.clients.openWindow).not.toHaveBeenCalled();
  });
});
