import '../content/lazy-messages.ts';
import { Link } from 'wouter';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The account page's way to the request links (issue 31): on a phone, the Account tab leads here. */
export default function TopMeUpSection() {
  const { t } = useTranslation();
  return (
    <section className="auth-card settings-section" aria-labelledby="settings-topmeup">
      <h2 id="settings-topmeup">{t('topmeup.title')}</h2>
      <p>{t('topmeup.section.text')}</p>
      <Link
        href="/topmeup"
        className="ui-button ui-button--secondary"
        data-testid="topmeup-section-link"
      >
        {t('topmeup.section.open')}
      </Link>
    </section>
  );
}
