// The client's route table, every path and alias. The server uses the same list, and the same way of
// matching, to answer unknown paths with status 404 while the SPA shows its 404 page.

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
  /** Where a volunteer types the code an event's organiser shows, to check in. */
  checkIn: '/check-in',
  performance: '/performance',
  /** Open sites and sites cleaned lately, as a list and on a map, open to everyone. */
  map: '/map',
} as const;

/** The path a link writes for a page with several: the first of its paths unless named otherwise. */
export const pagePaths = {
  find: routes.find[0],
  signIn: routes.signIn[0],
  /** The sign-in page as the volunteer pages and e-mails name it. */
  volunteerSignIn: routes.signIn[1],
  volunteerDashboard: routes.volunteerDashboard[0],
  /** The volunteer dashboard's other path, where administrators get report management. */
  management: routes.volunteerDashboard[1],
} as const;

/** One MUCU event's own shareable page. */
export const eventPagePath = (id: number | string) => `/events/${id}`;

/** The page an event's check-in QR code opens: checks the signed-in volunteer in with `code`. */
export const eventCheckInPath = (id: number | string, code?: string) =>
  `/events/${id}/check-in${code ? `?code=${encodeURIComponent(code)}` : ''}`;

/** The organiser's check-in screen for an event (administrators). */
export const checkInScreenPath = (id: number | string) => `/volunteer-portal/events/${id}/check-in`;

/** The public check page of a volunteer's certificate. */
export const verifyPath = (code: string) => `/verify/${code}`;

/** A report's status page: the private link its reporter keeps (an unguessable token, not the number). */
export const reportStatusPath = (token: string) => `/report/${token}`;

// How a path is matched, by the router and the server alike, so the page shown and the status answered
// always agree: letters in any case ('/Volunteers' is '/volunteers', as people type addresses from
// posters), and one trailing slash at most. A parameter keeps its case (a status token is
// case-sensitive).

/** The event page's paths, its number named `id`. */
export const eventPageRoute = /^\/events\/(?<id>[1-9]\d{0,9})\/?$/i;
/** The check-in page an event's QR code opens, its number named `id`. */
export const eventCheckInRoute = /^\/events\/(?<id>[1-9]\d{0,9})\/check-in\/?$/i;
/** The organiser's check-in screen, the event's number named `id`. */
export const checkInScreenRoute = /^\/volunteer-portal\/events\/(?<id>[1-9]\d{0,9})\/check-in\/?$/i;
/** The certificate check page, its code named `code`. */
export const verifyRoute = /^\/verify\/(?<code>[A-Za-z0-9_-]{1,100})\/?$/i;
/** The report status page's paths, its token named `token`. */
export const reportStatusRoute = /^\/report\/(?<token>[A-Za-z0-9_-]{43})\/?$/i;

/** A client path as the route table writes it: lower-case, without its one trailing slash ('/' stays '/'). */
export const plainClientPath = (path: string) => path.toLowerCase().replace(/^(\/.+)\/$/, '$1');
