// Which screen the client's router shows at a path, for the screens whose code loads on demand (the
// home page is in the first bundle). Both sides use it for the screen a page is opened on: the server
// asks for that screen's files with the page, and the client starts loading its code before React's
// first drawing.
import {
  checkInScreenRoute,
  eventCheckInRoute,
  eventPageRoute,
  plainClientPath,
  reportStatusRoute,
  routes,
  verifyRoute,
} from './routes.ts';

export type OnDemandScreen =
  | 'about'
  | 'find'
  | 'signIn'
  | 'signInLink'
  | 'volunteerDashboard'
  | 'management'
  | 'adminDashboard'
  | 'events'
  | 'event'
  | 'privacy'
  | 'performance'
  | 'reportStatus'
  | 'checkIn'
  | 'checkInScreen'
  | 'verify'
  | 'map'
  | 'notFound';

/** Where administrators get the report management screen instead of the volunteer dashboard. */
export const managementPath = '/volunteer-dashboard';

const byPath: readonly [readonly string[], OnDemandScreen][] = [
  [[routes.about], 'about'],
  [routes.find, 'find'],
  [routes.signIn, 'signIn'],
  [[routes.signInLink], 'signInLink'],
  [routes.volunteerDashboard, 'volunteerDashboard'],
  [[routes.adminDashboard], 'adminDashboard'],
  [[routes.events], 'events'],
  [[routes.privacy], 'privacy'],
  [[routes.checkIn], 'checkIn'],
  [[routes.performance], 'performance'],
  [[routes.map], 'map'],
];

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
  if (administrator && plain === managementPath) return 'management';
  return (
    byPath.find(([paths]) => paths.includes(plain))?.[1] ??
    byPattern.find(([pattern]) => pattern.test(urlPath))?.[1] ??
    'notFound'
  );
}

/** The administrators' screens that open on the report list (and wait for the administrator check). */
export function opensReportList(screen: OnDemandScreen | undefined): boolean {
  return screen === 'adminDashboard' || screen === 'management';
}
