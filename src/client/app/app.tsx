// Providers and the route table: every path and alias.
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import {
  checkInScreenRoute,
  eventCheckInRoute,
  eventPageRoute,
  pagePaths,
  reportStatusRoute,
  routes,
  verifyRoute,
} from '#shared/routes.ts';
import { opensReportList, screenAt, type OnDemandScreen } from '#shared/screens.ts';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { HomePage } from '../features/reports/components/home-page.tsx';
import { SiteLayout } from '../features/site/components/site-layout.tsx';
import { LazyRoute, lazyScreen, type LazyScreen } from './lazy-screen.tsx';
import { adminFlag } from '../features/admin-access/admin-flag.ts';

// Screens other than the home page load on demand: the home page's first bundle stays small.
const screens: Record<OnDemandScreen, LazyScreen> = {
  about: lazyScreen(() => import('../features/site/components/about-page.tsx')),
  find: lazyScreen(() => import('../features/cleanups/components/find-page.tsx')),
  signIn: lazyScreen(() => import('../features/volunteer-auth/components/sign-in-page.tsx')),
  signInLink: lazyScreen(() => import('../features/volunteer-auth/components/sign-in-link-page.tsx')),
  volunteerDashboard: lazyScreen(
    () => import('../features/volunteer-dashboard/components/volunteer-dashboard-page.tsx'),
  ),
  management: lazyScreen(() => import('../features/admin-dashboard/components/management-page.tsx')),
  adminDashboard: lazyScreen(() => import('../features/admin-dashboard/components/admin-dashboard-page.tsx')),
  events: lazyScreen(() => import('../features/events/components/events-page.tsx')),
  event: lazyScreen(() => import('../features/events/components/event-page.tsx')),
  privacy: lazyScreen(() => import('../features/privacy/components/privacy-page.tsx')),
  performance: lazyScreen(() => import('../features/site/components/performance-page.tsx')),
  reportStatus: lazyScreen(() => import('../features/reports/follow-up/components/report-status-page.tsx')),
  checkIn: lazyScreen(() => import('../features/events/components/check-in-page.tsx')),
  checkInScreen: lazyScreen(() => import('../features/admin-dashboard/components/check-in-screen.tsx')),
  verify: lazyScreen(() => import('../features/volunteer-dashboard/components/verify-page.tsx')),
  map: lazyScreen(() => import('../features/reports/map/components/map-page.tsx')),
  notFound: lazyScreen(() => import('../features/site/components/not-found-page.tsx')),
};

/** A route's content: the screen, with its placeholder and its message should its code not load. */
const shown = (Screen: LazyScreen) => () => (
  <LazyRoute>
    <Screen />
  </LazyRoute>
);

const queryClient = createQueryClient();

startOpeningScreen(window.location.pathname);

/**
 * The screen the page opened on (a link, a reload, a bookmark) starts loading now, not at React's
 * first drawing. An administrator's screen with the report list also waits for the administrator
 * check and the first page of reports: those start now too, together with the code, instead of one
 * after another. The screen still shows nothing before the check passes, and the server refuses the
 * list to anyone without an administrator session.
 */
function startOpeningScreen(path: string): void {
  const opening = screenAt(path, adminFlag.get());
  if (!opening) return;
  if (opensReportList(opening)) {
    // The check and the list's code are small chunks of their own, asked for beside the screen's
    // (which imports them too): they arrive first and start their requests while the screen's code
    // still loads, and no other page carries them in its first bundle.
    import('../features/admin-dashboard/api/admin-session.ts')
      .then(({ startAdminSessionCheck }) => startAdminSessionCheck(queryClient))
      .catch(() => undefined);
    import('../features/reports/management/api/use-reports-list.ts')
      .then(({ startFirstPage }) => startFirstPage(queryClient))
      .catch(() => undefined);
  }
  // The screen asks for the same load when drawn; a failure is shown by it.
  screens[opening].preload().catch(() => undefined);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <Switch>
          <Route path={routes.home} component={HomePage} />
          <Route path={routes.about}>{shown(screens.about)}</Route>
          {routes.find.map((path) => (
            <Route key={path} path={path}>
              {shown(screens.find)}
            </Route>
          ))}
          {routes.signIn.map((path) => (
            <Route key={path} path={path}>
              {shown(screens.signIn)}
            </Route>
          ))}
          <Route path={routes.privacy}>{shown(screens.privacy)}</Route>
          <Route path={routes.performance}>{shown(screens.performance)}</Route>
          <Route path={routes.map}>{shown(screens.map)}</Route>
          <Route path={routes.signInLink}>{shown(screens.signInLink)}</Route>
          {routes.volunteerDashboard.map((path) => (
            <Route key={path} path={path}>
              {() =>
                // Administrators get the report management dashboard here.
                shown(
                  path === pagePaths.management && adminFlag.get() ? screens.management : screens.volunteerDashboard,
                )()
              }
            </Route>
          ))}
          <Route path={routes.events}>{shown(screens.events)}</Route>
          <Route path={eventPageRoute}>{shown(screens.event)}</Route>
          <Route path={eventCheckInRoute}>{shown(screens.checkIn)}</Route>
          <Route path={routes.checkIn}>{shown(screens.checkIn)}</Route>
          <Route path={checkInScreenRoute}>{shown(screens.checkInScreen)}</Route>
          <Route path={verifyRoute}>{shown(screens.verify)}</Route>
          <Route path={reportStatusRoute}>{shown(screens.reportStatus)}</Route>
          <Route path={routes.adminDashboard}>{shown(screens.adminDashboard)}</Route>
          <Route>{shown(screens.notFound)}</Route>
        </Switch>
      </SiteLayout>
      <LazyToaster />
    </QueryClientProvider>
  );
}
