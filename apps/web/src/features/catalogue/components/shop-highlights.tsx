import { useTranslation } from '../../../lib/use-translation.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useShopClaims } from '../api/shop-claims.ts';
import { useSupportClaim } from '../support-claim.ts';

const highlights = [
  { key: 'instant', icon: 'M13 2L4 14h6l-1 8 9-12h-6z' },
  {
    key: 'secure',
    icon: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm-1 13l6-6-1.4-1.4L11 12.2 8.4 9.6 7 11z',
  },
  {
    key: 'support',
    icon: 'M12 2a9 9 0 00-9 9v6a3 3 0 003 3h2v-8H5v-1a7 7 0 0114 0v1h-3v8h3v1h-6v2h6a2 2 0 002-2v-9a9 9 0 00-9-9z',
  },
  { key: 'rates', icon: 'M4 5h16v2H4zm0 6h10v2H4zm0 6h16v2H4zm14-7l3 2-3 2z' },
] as const;

/** The owner's claims carry no icon of their own: a check mark in a circle for each. */
const CLAIM_ICON =
  'M12 2a10 10 0 100 20 10 10 0 000-20zm-1.5 14.5l-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4z';

interface Highlight {
  key: string;
  icon: string;
  title: string;
  text: string;
  testId?: string;
}

/**
 * The marketing claims of spec §1, shown under the category grid: the owner's from the back-office
 * (issue 17) in the page's language when set, else the built-in ones, whose support claim follows
 * the call-centre hours. Nothing until the claims are known (the server-rendered Home has them), so
 * built-in texts never flash before the owner's.
 */
export function ShopHighlights() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const claims = useShopClaims();
  const support = useSupportClaim();
  if (claims.isPending) return null;

  const own = claims.data;
  const items: Highlight[] = own
    ? own.map((claim, i) => ({
        key: String(i),
        icon: CLAIM_ICON,
        title: language === 'my' ? claim.titleMy : claim.titleEn,
        text: language === 'my' ? claim.textMy : claim.textEn,
      }))
    : highlights.map(({ key, icon }) => {
        // "24/7" only when the configured call-centre hours say so; otherwise the hours themselves.
        const hours = key === 'support' && !support.aroundTheClock;
        return {
          key,
          icon,
          title: hours
            ? t('catalogue.highlights.support.hoursTitle')
            : t(`catalogue.highlights.${key}.title`),
          text: hours
            ? t('catalogue.highlights.support.hoursText', { hours: support.hours })
            : t(`catalogue.highlights.${key}.text`),
          ...(key === 'support' ? { testId: 'support-claim' } : {}),
        };
      });
  return (
    <section className="highlights" aria-labelledby="highlights-heading">
      <h2 id="highlights-heading" className="section-title">
        {t('catalogue.highlights.title')}
      </h2>
      <ul className="highlights__list">
        {items.map((item) => (
          <li key={item.key} className="highlight">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d={item.icon} fill="currentColor" />
            </svg>
            <h3>{item.title}</h3>
            <p data-testid={item.testId}>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
