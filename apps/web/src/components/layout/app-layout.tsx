import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageToggle } from './language-toggle.tsx';

export function AppLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className="site-header">
        <div className="site-header__inner">
          <Link to="/" className="brand" aria-label={t('app.name')}>
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{t('app.name')}</span>
          </Link>
          <nav aria-label={t('nav.mainNavigation')} className="main-nav">
            <NavLink to="/" end>
              {t('nav.home')}
            </NavLink>
            <NavLink to="/about-us">{t('nav.aboutUs')}</NavLink>
            <NavLink to="/support">{t('nav.support')}</NavLink>
          </nav>
          <LanguageToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>{t('footer.bankPartnership')}</p>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </footer>
    </>
  );
}
