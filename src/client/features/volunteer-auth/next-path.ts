// Where to go after signing in: a path on this site from ?next=, never another site.

export function safeNextPath(raw: string | null | undefined, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || /\s/.test(raw)) return fallback;
  return raw;
}

/** The sign-in page's address that returns here afterwards. */
export function signInPathFor(signInPage: string, here: string): string {
  return `${signInPage}?next=${encodeURIComponent(here)}`;
}

/** The full reload into the destination, `delayMs` after signing in. */
export function reloadInto(next: string, delayMs: number): void {
  window.setTimeout(() => window.location.assign(next), delayMs);
}
