// Providers and the route table: every path and alias.
import { lazy } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { eventPagePattern, reportStatusPattern, routes } from '#shared/routes.ts';
import { LazyToaster } from '../components/ui/lazy-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { HomePage } from '../features/reports/components/home-page.tsx';
import { NotFoundPage } from '../features/site/components/not-found-page.tsx';
import { SiteLayout } from '../features/site/components/site-layout.tsx';
import { LazyRoute } from './lazy-route.tsx';
import { adminFlag } from '../features/admin-access/admin-flag.ts';

// Screens other than the home page load on demand: the home page's first bundle stays small.
const AboutPage = lazy(() => import('../features/site/components/about-page.tsx'));
const loadAdminDashboardPage = () => import('../features/admin-dashboard/components/admin-dashboard-page.tsx');
const loadManagementPage = () => import('../features/admin-dashboard/components/management-page.tsx');
const AdminDashboardPage = lazy(loadAdminDashboardPage);
const ManagementPage = lazy(loadManagementPage);
const FindPage = lazy(() => import('../features/cleanups/components/find-page.tsx'));
const PrivacyPage = lazy(() => import('../features/privacy/components/privacy-page.tsx'));
const SignInPage = lazy(() => import('../features/volunteer-auth/components/sign-in-page.tsx'));
const SignInLinkPage = lazy(() => import('../features/volunteer-auth/components/sign-in-link-page.tsx'));
const VolunteerDashboardPage = lazy(
  () => import('../features/volunteer-dashboard/components/volunteer-dashboard-page.tsx'),
);

const EventsPage = lazy(() => import('../features/events/components/events-page.tsx'));
const EventPage = lazy(() => import('../features/events/components/event-page.tsx'));
const ReportStatusPage = lazy(() => import('../features/report-follow-up/components/report-status-page.tsx'));

const queryClient = createQueryClient();

startAdminScreenEarly(window.location.pathname);

/**
 * Opened straight on a screen with the report list (a reload, a bookmark), an administrator waits for
 * the screen's code, the administrator check and the first page of reports: all three start now,
 * together, instead of one after another. The screen still shows nothing before the check passes, and
 * the server refuses the list to anyone without an administrator session.
 */
function startAdminScreenEarly(path: string): void {
  if (!adminFlag.get()) return;
  const load =
    path === routes.adminDashboard
      ? loadAdminDashboardPage
      : path === '/volunteer-dashboard'
        ? loadManagementPage
        : null;
  if (!load) return;
  // The check and the list's code are small chunks of their own, asked for beside the screen's (which
  // imports them too): they arrive first and start their requests while the screen's code still loads,
  // and no other page carries them in its first bundle.
  import('../features/admin-dashboard/api/admin-session.ts')
    .then(({ startAdminSessionCheck }) => startAdminSessionCheck(queryClient))
    .catch(() => undefined);
  import('../features/report-management/api/use-reports-list.ts')
    .then(({ startFirstPage }) => startFirstPage(queryClient))
    .catch(() => undefined);
  // The lazy screen asks for the same module and gets this same load; a failure is shown by it.
  load().catch(() => undefined);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <Switch>
          <Route path={routes.home} component={HomePage} />
          <Route path={routes.about}>
            {() => (
              <LazyRoute>
                <AboutPage />
              </LazyRoute>
            )}
          </Route>
          {routes.find.map((path) => (
            <Route key={path} path={path}>
              {() => (
                <LazyRoute>
                  <FindPage />
                </LazyRoute>
              )}
            </Route>
          ))}
          {routes.signIn.map((path) => (
            <Route key={path} path={path}>
              {() => (
                <LazyRoute>
                  <SignInPage />
                </LazyRoute>
              )}
            </Route>
          ))}
          <Route path={routes.privacy}>
            {() => (
              <LazyRoute>
                <PrivacyPage />
              </LazyRoute>
            )}
          </Route>
          <Route path={routes.signInLink}>
            {() => (
              <LazyRoute>
                <SignInLinkPage />
              </LazyRoute>
            )}
          </Route>
          {routes.volunteerDashboard.map((path) => (
            <Route key={path} path={path}>
              {() =>
                // Administrators get the report management dashboard here.
                path === '/volunteer-dashboard' && adminFlag.get() ? (
                  <LazyRoute>
                    <ManagementPage />
                  </LazyRoute>
                ) : (
                  <LazyRoute>
                    <VolunteerDashboardPage />
                  </LazyRoute>
                )
              }
            </Route>
          ))}
          <Route path={routes.events}>
            {() => (
              <LazyRoute>
                <EventsPage />
              </LazyRoute>
            )}
          </Route>
          <Route path={eventPagePattern}>
            {() => (
              <LazyRoute>
                <EventPage />
              </LazyRoute>
            )}
          </Route>
          <Route path={reportStatusPattern}>
            {() => (
              <LazyRoute>
                <ReportStatusPage />
              </LazyRoute>
            )}
          </Route>
          <Route path={routes.adminDashboard}>
            {() => (
              <LazyRoute>
                <AdminDashboardPage />
              </LazyRoute>
            )}
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </SiteLayout>
      <LazyToaster />
    </QueryClientProvider>
  );
}
