// A sign-in finished in one tab (the e-mailed link opened beside the page that asked for it, or the code
// typed in another tab) tells the site's other tabs, so a tab still showing 'Check your e-mail' moves on
// as if it had been signed in there. The session cookie is the browser's, so every tab now has it.
const CHANNEL = 'volunteer-sign-in';
const SIGNED_IN = 'signed-in';

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

// A channel hears the messages of every other channel of its name, this tab's own included: this tab,
// which moves on by itself after signing in, does not act on its own announcement.
let announcedHere = false;

/** Tells the site's other tabs that this browser is now signed in. */
export function announceSignIn(): void {
  announcedHere = true;
  const out = channel();
  out?.postMessage(SIGNED_IN);
  out?.close();
}

/** Calls `signedIn` when another tab of this site signs in; answers the function that stops listening. */
export function onSignInElsewhere(signedIn: () => void): () => void {
  const heard = channel();
  if (!heard) return () => undefined;
  heard.onmessage = (event: MessageEvent) => {
    if (event.data === SIGNED_IN && !announcedHere) signedIn();
  };
  return () => heard.close();
}
