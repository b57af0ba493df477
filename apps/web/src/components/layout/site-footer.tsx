import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link } from 'wouter';
import { OptionalPart } from '../ui/optional-part.tsx';
import type { ShellDialog } from './shell-parts.ts';

/** Footer of every page (spec §2 Home); the exchange-rates dialog is the catalogue's, passed in. */
export function SiteFooter({ ExchangeRatesDialog }: { ExchangeRatesDialog: ShellDialog }) {
  const { t } = useTranslation();
  const [ratesOpen, setRatesOpen] = useState(false);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {t('app.name')}
          </p>
          <p>{t('app.tagline')}</p>
        </div>
        <nav className="site-footer__links" aria-label={t('catalogue.footer.navigation')}>
          <ul>
            <li>
              <Link href="/about-us">{t('nav.aboutUs')}</Link>
            </li>
            <li>
              <Link href="/support">{t('nav.support')}</Link>
            </li>
            <li>
              <Link href="/terms-of-service">{t('catalogue.footer.terms')}</Link>
            </li>
            <li>
              <Link href="/privacy-policy">{t('catalogue.footer.privacy')}</Link>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                aria-haspopup="dialog"
                onClick={() => {
                  setRatesOpen(true);
                }}
              >
                {t('catalogue.footer.exchangeRates')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <p className="site-footer__bank">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M12 2l10 5v2H2V7zM4 11h3v7H4zm6.5 0h3v7h-3zM17 11h3v7h-3zM2 20h20v2H2z"
              fill="currentColor"
            />
          </svg>
          {t('footer.bankPartnership')}
        </p>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
      {ratesOpen ? (
        <OptionalPart>
          <ExchangeRatesDialog
            onClose={() => {
              setRatesOpen(false);
            }}
          />
        </OptionalPart>
      ) : null}
    </footer>
  );
}
