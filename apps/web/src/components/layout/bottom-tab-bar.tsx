import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useLocation } from 'wouter';

/** Spec §2: hidden on /webapp/install, /about-us, /support and /sharewith/*. */
export function isTabBarHidden(path: string): boolean {
  return (
    path === '/webapp/install' ||
    path === '/about-us' ||
    path === '/support' ||
    path === '/sharewith' ||
    path.startsWith('/sharewith/')
  );
}

const tabs = [
  {
    href: '/',
    key: 'home',
    active: (path: string) => path === '/' || path.startsWith('/product'),
    icon: 'M3 10.5L12 3l9 7.5V21h-6v-6H9v6H3z',
  },
  {
    href: '/orders',
    key: 'orders',
    active: (path: string) => path.startsWith('/orders'),
    icon: 'M6 2h12l1 4v15a1 1 0 01-1 1H6a1 1 0 01-1-1V6zm2 7v2h8V9zm0 4v2h8v-2zm0 4v2h5v-2z',
  },
  {
    href: '/account-settings',
    key: 'account',
    active: (path: string) => path.startsWith('/account-settings'),
    icon: 'M12 12a5 5 0 100-10 5 5 0 000 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z',
  },
] as const;

/** Mobile-only tab bar, 75 px tall (spec §9); CSS shows it below 768 px. */
export function BottomTabBar() {
  const { t } = useTranslation();
  const [path] = useLocation();
  if (isTabBarHidden(path)) return null;
  return (
    <nav
      className="bottom-tab-bar"
      aria-label={t('catalogue.tabs.label')}
      data-testid="bottom-tab-bar"
    >
      {tabs.map((tab) => {
        const active = tab.active(path);
        return (
          <Link
            key={tab.key}
            href={tab.href}
            className={active ? 'bottom-tab-bar__tab active' : 'bottom-tab-bar__tab'}
            aria-current={active ? 'page' : undefined}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d={tab.icon} fill="currentColor" />
            </svg>
            <span>{t(`catalogue.tabs.${tab.key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}
