import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { useLocation } from 'wouter';
import { BottomTabBar, isTabBarHidden } from './bottom-tab-bar.tsx';
import { HydrationRegion } from './hydration-region.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
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
  festivalButton,
}: {
  children: ReactNode;
  PageBoundary: PageBoundary;
  /** The header's festival icon (spec §2), a feature piece the app passes in. */
  festivalButton?: ReactNode;
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
        <SiteHeader festivalButton={festivalButton} />
      </HydrationRegion>
      <main id="main" tabIndex={-1}>
        <PageBoundary resetKey={path}>
          <HydrationRegion fallback={<PageFallback />}>{children}</HydrationRegion>
        </PageBoundary>
      </main>
      <HydrationRegion>
        <SiteFooter />
      </HydrationRegion>
      <HydrationRegion>
        <BottomTabBar />
      </HydrationRegion>
    </div>
  );
}
