import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { initI18n } from '../lib/i18n.ts';
import { AppRoutes } from './router.tsx';

const i18n = initI18n();

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
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Router
          {...(serverLocation
            ? { ssrPath: serverLocation.path, ssrSearch: serverLocation.search }
            : {})}
        >
          <AuthProvider>
            <AppRoutes />
            <Toaster />
          </AuthProvider>
        </Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
