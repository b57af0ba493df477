import '../content/lazy-messages.ts';
import { SettingsLinkSection } from '../../../components/ui/setting-switch.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The account page's way to the request links (issue 31): on a phone, the Account tab leads here. */
export default function TopMeUpSection() {
  const { t } = useTranslation();
  return (
    <SettingsLinkSection
      title={t('topmeup.title')}
      text={t('topmeup.section.text')}
      href="/topmeup"
      label={t('topmeup.section.open')}
      testId="topmeup-section-link"
    />
  );
}
