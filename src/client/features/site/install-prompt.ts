// Keeps Chromium's install prompt for the Install button. The browser fires `beforeinstallprompt` once,
// early, and only to listeners already attached, so main.tsx imports this module before anything else.

/** Chromium's event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice?: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

const INSTALL_INSTRUCTIONS = 'To install Clean Up Edinburgh, tap Share, then Add to Home Screen, then Add.';

let deferred: BeforeInstallPromptEvent | null = null;
let justInstalled = false;
/** The app already runs from the home screen (or was just installed): no button. */
let installed = false;
const listeners = new Set<() => void>();

const standaloneQuery = typeof window !== 'undefined' ? window.matchMedia('(display-mode: standalone)') : null;

function runsStandalone(): boolean {
  // iOS Safari says so through navigator.standalone rather than the media query.
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return Boolean(standaloneQuery?.matches) || iosStandalone;
}

function update(): void {
  const next = justInstalled || runsStandalone();
  if (next === installed) return;
  installed = next;
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the app offers installation with its own button
    deferred = event as BeforeInstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    justInstalled = true;
    update();
  });
  standaloneQuery?.addEventListener('change', update);
  update();
}

export function isInstalled(): boolean {
  return installed;
}

export function subscribeInstallState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the browser's install prompt when it gave us one (it can be used once). Otherwise, as on iOS
 * Safari where there is no prompt, tells the person how to add the app from the Share menu.
 */
export function requestInstall(): void {
  const event = deferred;
  if (!event) {
    window.alert(INSTALL_INSTRUCTIONS);
    return;
  }
  deferred = null;
  // Headless Chromium never settles prompt(); nothing waits on it beyond this call.
  void event.prompt().catch(() => undefined);
}
