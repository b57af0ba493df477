import '../content/dialog-messages.ts';
import { defaultBusinessHours, isCallCentreOpen } from '@shop/contracts/catalogue';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import '../content/info-pages-messages.ts';
import '../info-pages.css';
import '../catalogue-dialogs.css';
import { useCallCentreContact } from '../api/call-centre-contact.ts';
import { useSupportClaim } from '../support-claim.ts';
import { BusinessHoursText } from './business-hours-text.tsx';
import { ContactDetails } from './contact-details.tsx';
import { stringList } from '../../../lib/string-list.ts';
import { PageTitle } from '../../../lib/page-title.tsx';

interface LegalSection {
  heading: string;
  paragraphs: string[];
}

function legalSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { heading, paragraphs } = item as { heading?: unknown; paragraphs?: unknown };
    return typeof heading === 'string' ? [{ heading, paragraphs: stringList(paragraphs) }] : [];
  });
}

function faqItems(value: unknown): { q: string; a: string }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { q, a } = item as { q?: unknown; a?: unknown };
    return typeof q === 'string' && typeof a === 'string' ? [{ q, a }] : [];
  });
}

/** Where the support claim stands among "Why choose us" (after secure payment). */
const WHY_SUPPORT_POSITION = 4;

export function AboutUs() {
  const { t } = useTranslation();
  const block = (key: 'mission' | 'service' | 'story') => (
    <section className="info-card" aria-labelledby={`about-${key}`}>
      <h2 id={`about-${key}`}>{t(`infoPages.about.${key}.title`)}</h2>
      <p>{t(`infoPages.about.${key}.text`)}</p>
    </section>
  );
  const support = useSupportClaim();
  const items = (key: 'digital' | 'why') => {
    const list = stringList(t(`infoPages.about.${key}.items`, { returnObjects: true }));
    if (key !== 'why') return list;
    // The support claim follows the configured call-centre hours ("24/7" only if they say so).
    const claim = support.aroundTheClock
      ? t('infoPages.about.why.supportAroundTheClock')
      : t('infoPages.about.why.supportHours', { hours: support.hours });
    return [...list.slice(0, WHY_SUPPORT_POSITION), claim, ...list.slice(WHY_SUPPORT_POSITION)];
  };
  const list = (key: 'digital' | 'why') => (
    <section className="info-card" aria-labelledby={`about-${key}`}>
      <h2 id={`about-${key}`}>{t(`infoPages.about.${key}.title`)}</h2>
      <ul className="check-list" data-testid={`about-${key}`}>
        {items(key).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
  return (
    <div className="page info-page">
      <header className="info-page__header">
        <PageTitle title={t('infoPages.about.title')} />
        <h1>{t('infoPages.about.title')}</h1>
        <p className="info-page__lead">{t('infoPages.about.lead')}</p>
      </header>
      <div className="info-grid">
        {block('mission')}
        {block('service')}
        {list('digital')}
        {list('why')}
        {block('story')}
      </div>
    </div>
  );
}

export function Support({ onOpenCallCentre }: { onOpenCallCentre: () => void }) {
  const { t } = useTranslation();
  const contact = useCallCentreContact();
  const hours = contact.data?.hours ?? defaultBusinessHours;
  const open = isCallCentreOpen(hours);
  return (
    <div className="page info-page">
      <header className="info-page__header">
        <PageTitle title={t('infoPages.support.title')} />
        <h1>{t('infoPages.support.title')}</h1>
        <p className="info-page__lead">{t('infoPages.support.lead')}</p>
      </header>
      <div className="info-grid">
        <section className="info-card" aria-labelledby="support-contact">
          <h2 id="support-contact">{t('infoPages.support.contactTitle')}</h2>
          {contact.data ? (
            <ContactDetails
              contact={contact.data}
              labels={{ phone: t('infoPages.support.phone'), email: t('infoPages.support.email') }}
              className="contact-list"
            />
          ) : contact.isPending ? (
            <p role="status">{t('catalogue.common.loading')}</p>
          ) : (
            <p>{t('infoPages.support.contactFallback')}</p>
          )}
          <button type="button" className="button button--secondary" onClick={onOpenCallCentre}>
            {t('infoPages.support.callCentreButton')}
          </button>
        </section>
        <section className="info-card" aria-labelledby="support-hours">
          <h2 id="support-hours">{t('infoPages.support.hoursTitle')}</h2>
          <p className={`status-pill ${open ? 'status-pill--open' : 'status-pill--closed'}`}>
            <span aria-hidden="true" className="status-pill__dot" />
            {open ? t('catalogue.callCentre.open') : t('catalogue.callCentre.closed')}
          </p>
          <p>
            <BusinessHoursText hours={hours} />
          </p>
        </section>
        <section className="info-card info-card--wide" aria-labelledby="support-faq">
          <h2 id="support-faq">{t('infoPages.support.faqTitle')}</h2>
          <div className="faq">
            {faqItems(t('infoPages.support.faq', { returnObjects: true })).map((item) => (
              <details key={item.q}>
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}

export function LegalDocument({ document }: { document: 'terms' | 'privacy' }) {
  const { t } = useTranslation();
  const base = `infoPages.legal.${document}`;
  return (
    <div className="page info-page legal">
      <header className="info-page__header">
        <PageTitle title={t(`${base}.title`)} />
        <h1>{t(`${base}.title`)}</h1>
        <p className="legal__effective">
          {t('infoPages.legal.effective', { date: t(`${base}.date`) })}
        </p>
        <p className="info-page__lead">{t(`${base}.intro`)}</p>
      </header>
      <article className="info-card legal__body">
        {legalSections(t(`${base}.sections`, { returnObjects: true })).map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
      <p className="legal__links">
        <Link href={document === 'terms' ? '/privacy-policy' : '/terms-of-service'}>
          {document === 'terms' ? t('catalogue.footer.privacy') : t('catalogue.footer.terms')}
        </Link>
        {' · '}
        <Link href="/support">{t('nav.support')}</Link>
      </p>
    </div>
  );
}
