import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Router, Switch } from 'wouter';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { loadOrdersPersistence } from '../features/orders/index.ts';
import { initI18n } from '../lib/i18n.ts';
import { LaterPart } from './later-part.tsx';
import { AppRoutes, PageReady } from './router.tsx';

initI18n();

// Issue 16's prompt, push subscription and install banner, the offline dialog and the
// essential-libraries step: loaded after the page, never in it.
const loadNotificationsHost = () =>
  import('../features/notifications/components/notifications-host.tsx');
const loadInstallBanner = () => import('../features/install/components/install-banner.tsx');
const loadConnectivityHost = () =>
  import('../features/connectivity/components/connectivity-host.tsx');
// Spec §4 "Library cache": the check runs 1 second after start.
const loadLibrariesHost = () => import('../features/libraries/components/libraries-host.tsx');
// The cookie banner with first-party analytics, and the help button (ADR 0031).
const loadAfterLoadParts = () => import('./after-load-parts.tsx');
// The staff back-office (issue 17): its own layout and session, loaded only at /admin.
const BackOffice = lazy(() => import('../features/admin/components/back-office.tsx'));

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/** Where the server renders: wouter reads the location from here instead of window.location. */
export interface ServerLocation {
  path: string;
  search: string;
}

export function App({
  queryClient,
  serverLocation,
}: {
  queryClient: QueryClient;
  serverLocation?: ServerLocation;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <Router
        {...(serverLocation
          ? { ssrPath: serverLocation.path, ssrSearch: serverLocation.search }
          : {})}
      >
        {/* The signed-in customer's orders kept on this device (ADR 0030) are the orders feature's. */}
        <AuthProvider loadOrdersCache={loadOrdersPersistence}>
          <Switch>
            <Route path="/admin" nest>
              <Suspense fallback={<p role="status">Loading the back-office…</p>}>
                <BackOffice />
                <PageReady />
              </Suspense>
            </Route>
            <Route>
              <AppRoutes />
              {/* Each once the page is idle (issue 29); the prompts a moment later. */}
              <LaterPart load={loadNotificationsHost} delayMs={1000} />
              <LaterPart load={loadInstallBanner} delayMs={1000} />
              <LaterPart load={loadConnectivityHost} />
              <LaterPart load={loadLibrariesHost} delayMs={500} />
              <LaterPart load={loadAfterLoadParts} />
            </Route>
          </Switch>
          <Toaster />
        </AuthProvider>
      </Router>
    </QueryClientProvider>
  );
}
