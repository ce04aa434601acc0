// The client's route table, every path and alias. The server uses the same list to answer
// unknown paths with status 404 while the SPA shows its 404 page.

export const routes = {
  home: '/',
  about: '/about',
  find: ['/volunteers', '/volunteer', '/volunteer-backend'],
  signIn: ['/volunteer-signin', '/volunteers/signin'],
  /** The page an e-mailed sign-in link opens: one 'Continue' button. */
  signInLink: '/volunteers/signin/continue',
  volunteerDashboard: ['/volunteers/dashboard', '/volunteer-dashboard'],
  adminDashboard: '/volunteer-portal',
  /** Upcoming and past MUCU events, open to everyone. */
  events: '/events',
  /** How the service uses personal data, and how to use your rights. */
  privacy: '/privacy',
} as const;

/** One MUCU event's own shareable page. */
export const eventPagePattern = '/events/:id';
export const eventPagePath = (id: number | string) => `/events/${id}`;

/** A report's status page: the private link its reporter keeps (an unguessable token, not the number). */
export const reportStatusPattern = '/report/:token';
export const reportStatusPath = (token: string) => `/report/${token}`;

export const knownClientPaths: ReadonlySet<string> = new Set(Object.values(routes).flat());

/** Client paths with a parameter, as the server recognises them. */
const knownClientPatterns: readonly RegExp[] = [/^\/events\/[1-9]\d{0,9}$/, /^\/report\/[A-Za-z0-9_-]{43}$/];

/** A client path without its trailing slashes ('/' stays '/'). */
export const plainClientPath = (path: string) => path.replace(/\/+$/, '') || '/';

/** True for a path the SPA has a screen for (trailing slashes ignored). */
export function isKnownClientPath(path: string): boolean {
  const plain = plainClientPath(path);
  return knownClientPaths.has(plain) || knownClientPatterns.some((pattern) => pattern.test(plain));
}
