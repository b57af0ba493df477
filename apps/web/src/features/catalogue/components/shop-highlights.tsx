import { useTranslation } from 'react-i18next';
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

/** The marketing claims of spec §1, shown under the category grid. */
export function ShopHighlights() {
  const { t } = useTranslation();
  const support = useSupportClaim();
  // "24/7" only when the configured call-centre hours say so; otherwise the hours themselves.
  const title = (key: string) =>
    key === 'support' && !support.aroundTheClock
      ? t('catalogue.highlights.support.hoursTitle')
      : t(`catalogue.highlights.${key}.title`);
  const text = (key: string) =>
    key === 'support' && !support.aroundTheClock
      ? t('catalogue.highlights.support.hoursText', { hours: support.hours })
      : t(`catalogue.highlights.${key}.text`);
  return (
    <section className="highlights" aria-labelledby="highlights-heading">
      <h2 id="highlights-heading" className="section-title">
        {t('catalogue.highlights.title')}
      </h2>
      <ul className="highlights__list">
        {highlights.map((item) => (
          <li key={item.key} className="highlight">
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d={item.icon} fill="currentColor" />
            </svg>
            <h3>{title(item.key)}</h3>
            <p data-testid={item.key === 'support' ? 'support-claim' : undefined}>
              {text(item.key)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
