import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { BottomTabBar, isTabBarHidden } from './bottom-tab-bar.tsx';
import { HydrationRegion } from './hydration-region.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import type { ShellParts } from './shell-parts.ts';
import { useScrollRestoration } from './use-scroll-restoration.ts';

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page page-loading" role="status">
      <span className="visually-hidden">{t('catalogue.common.loading')}</span>
      <span className="page-loading__bar" aria-hidden="true" />
    </div>
  );
}

/** The page's error boundary (features/crash): given by the app, which composes features. */
export type PageBoundary = ComponentType<{ children: ReactNode; resetKey: string }>;

export function AppLayout({
  children,
  PageBoundary,
  parts,
}: {
  children: ReactNode;
  PageBoundary: PageBoundary;
  parts: ShellParts;
}) {
  const { t } = useTranslation();
  const [path] = useLocation();
  useScrollRestoration();
  return (
    <div className={isTabBarHidden(path) ? 'app-shell' : 'app-shell app-shell--with-tabs'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <HydrationRegion>
        <SiteHeader parts={parts} />
      </HydrationRegion>
      <main id="main" tabIndex={-1}>
        <PageBoundary resetKey={path}>
          <HydrationRegion fallback={<PageFallback />}>{children}</HydrationRegion>
        </PageBoundary>
      </main>
      <HydrationRegion>
        <SiteFooter ExchangeRatesDialog={parts.ExchangeRatesDialog} />
      </HydrationRegion>
      <HydrationRegion>
        <BottomTabBar />
      </HydrationRegion>
    </div>
  );
}
