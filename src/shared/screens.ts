// Which screen the client's router shows at a path, for the screens whose code loads on demand (the
// home page is in the first bundle). Both sides use it for the screen a page is opened on: the server
// asks for that screen's files with the page, and the client starts loading its code before React's
// first drawing.
import {
  checkInScreenRoute,
  eventCheckInRoute,
  eventPageRoute,
  pagePaths,
  plainClientPath,
  reportStatusRoute,
  routes,
  verifyRoute,
} from './routes.ts';

/** Each page of the route table but the home page loads the screen of its name, at every one of its paths. */
type PageScreen = Exclude<keyof typeof routes, 'home'>;

export type OnDemandScreen =
  PageScreen | 'management' | 'event' | 'reportStatus' | 'checkInScreen' | 'verify' | 'notFound';

type PagePaths = string | readonly string[];
const byPath = (Object.entries(routes) as [keyof typeof routes, PagePaths][]).filter(
  (entry): entry is [PageScreen, PagePaths] => entry[0] !== 'home',
);

/** Screens at paths with a parameter. */
const byPattern: readonly [RegExp, OnDemandScreen][] = [
  [eventPageRoute, 'event'],
  [reportStatusRoute, 'reportStatus'],
  [eventCheckInRoute, 'checkIn'],
  [checkInScreenRoute, 'checkInScreen'],
  [verifyRoute, 'verify'],
];

/**
 * The on-demand screen at `urlPath` (matched as the router matches it): undefined for the home page, and
 * the 'Page not found' screen for a path no screen has. `administrator`: whether the router takes the
 * visitor for an administrator.
 */
export function screenAt(urlPath: string, administrator = false): OnDemandScreen | undefined {
  const plain = plainClientPath(urlPath);
  if (plain === routes.home) return undefined;
  if (administrator && plain === pagePaths.management) return 'management';
  return (
    byPath.find(([, paths]) => [paths].flat().includes(plain))?.[0] ??
    byPattern.find(([pattern]) => pattern.test(urlPath))?.[1] ??
    'notFound'
  );
}

/** True for a path the SPA has a screen for. */
export function isKnownClientPath(path: string): boolean {
  return screenAt(path) !== 'notFound';
}

/** The administrators' screens that open on the report list (and wait for the administrator check). */
export function opensReportList(screen: OnDemandScreen | undefined): boolean {
  return screen === 'adminDashboard' || screen === 'management';
}
