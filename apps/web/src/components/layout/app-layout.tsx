import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { BottomTabBar, isTabBarHidden } from './bottom-tab-bar.tsx';
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

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  useScrollRestoration();
  return (
    <div className={isTabBarHidden(path) ? 'app-shell' : 'app-shell app-shell--with-tabs'}>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </main>
      <SiteFooter />
      <BottomTabBar />
    </div>
  );
}
