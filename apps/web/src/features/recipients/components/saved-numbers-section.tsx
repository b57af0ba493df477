import '../content/lazy-messages.ts';
import { Link } from 'wouter';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The account page's way to the saved numbers (issue 31): on a phone, the Account tab leads here. */
export default function SavedNumbersSection() {
  const { t } = useTranslation();
  return (
    <section className="auth-card settings-section" aria-labelledby="settings-saved-numbers">
      <h2 id="settings-saved-numbers">{t('recipients.title')}</h2>
      <p>{t('recipients.section.text')}</p>
      <Link
        href="/recipients"
        className="ui-button ui-button--secondary"
        data-testid="saved-numbers-link"
      >
        {t('recipients.section.manage')}
      </Link>
    </section>
  );
}
