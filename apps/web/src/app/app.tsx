import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthProvider } from '../features/auth/components/auth-provider.tsx';
import { initI18n } from '../lib/i18n.ts';
import { AppRoutes } from './router.tsx';

const i18n = initI18n();

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRoutes />
          <Toaster />
        </AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
