import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import type { ShellParts } from './shell-parts.ts';
import { useHeaderTint } from './header-tint.ts';
import { LanguageToggle } from './language-toggle.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { OptionalPart } from '../ui/optional-part.tsx';

const navClass = (active: boolean) => (active ? 'active' : '');

/** Header of every page (spec §2 Home): tinted from the current banner's colours on Home. */
export function SiteHeader({ parts }: { parts: ShellParts }) {
  const { CallCentreDialog } = parts;
  const { t } = useTranslation();
  const tint = useHeaderTint();
  const [callCentreOpen, setCallCentreOpen] = useState(false);

  useEffect(() => {
    // The browser chrome on phones follows the header colour.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', tint);
  }, [tint]);

  return (
    <header className="site-header" style={{ backgroundColor: tint }}>
      <div className="site-header__inner">
        <Link href="/" className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="brand__name">{t('app.name')}</span>
        </Link>
        {parts.festivalButton}
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
        <div className="site-header__actions">
          <button
            type="button"
            className="header-button call-centre-button"
            aria-haspopup="dialog"
            onClick={() => {
              setCallCentreOpen(true);
            }}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path
                d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 013 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
                fill="currentColor"
              />
            </svg>
            <span className="call-centre-button__text">{t('catalogue.header.callCenter')}</span>
          </button>
          <LanguageToggle />
          {parts.cartButton}
          {parts.userMenu}
          <MobileMenu AccountItems={parts.MobileAccountItems} />
        </div>
      </div>
      {callCentreOpen ? (
        <OptionalPart>
          <CallCentreDialog
            onClose={() => {
              setCallCentreOpen(false);
            }}
          />
        </OptionalPart>
      ) : null}
    </header>
  );
}
