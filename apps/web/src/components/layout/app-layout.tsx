import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageToggle } from './language-toggle.tsx';

const navClass = (active: boolean) => (active ? 'active' : '');

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link href="/" className="brand" aria-label={t('app.name')}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{t('app.name')}</span>
          </Link>
          <nav aria-label={t('nav.mainNavigation')} className="main-nav">
            <Link href="/" className={navClass}>
              {t('nav.home')}
            </Link>
            <Link href="/about-us" className={navClass}>
              {t('nav.aboutUs')}
            </Link>
            <Link href="/support" className={navClass}>
              {t('nav.support')}
            </Link>
          </nav>
          <LanguageToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>{t('footer.bankPartnership')}</p>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </footer>
    </>
  );
}
