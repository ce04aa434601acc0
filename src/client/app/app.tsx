// Providers and the route table: every path and alias of SPEC.md section 2.
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Switch } from 'wouter';
import { routes } from '../../shared/routes.ts';
import { Toaster } from '../components/ui/toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { HomePage } from '../features/reports/components/home-page.tsx';
import { NotFoundPage } from '../features/site/components/not-found-page.tsx';
import { SiteLayout } from '../features/site/components/site-layout.tsx';
import { UnopenedPage } from '../features/site/components/unopened-page.tsx';

const queryClient = createQueryClient();

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteLayout>
        <Switch>
          <Route path={routes.home} component={HomePage} />
          <Route path={routes.about}>{() => <UnopenedPage title="About" />}</Route>
          {routes.find.map((path) => (
            <Route key={path} path={path}>
              {() => <UnopenedPage title="Find graffiti near me" />}
            </Route>
          ))}
          {routes.signIn.map((path) => (
            <Route key={path} path={path}>
              {() => <UnopenedPage title="Volunteer sign in" />}
            </Route>
          ))}
          {routes.volunteerDashboard.map((path) => (
            <Route key={path} path={path}>
              {() => <UnopenedPage title="Volunteer Dashboard" />}
            </Route>
          ))}
          <Route path={routes.adminDashboard}>{() => <UnopenedPage title="Administrator Dashboard" />}</Route>
          <Route component={NotFoundPage} />
        </Switch>
      </SiteLayout>
      <Toaster />
    </QueryClientProvider>
  );
}
