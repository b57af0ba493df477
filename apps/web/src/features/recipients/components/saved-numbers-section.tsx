import '../content/lazy-messages.ts';
import { SettingsLinkSection } from '../../../components/ui/setting-switch.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The account page's way to the saved numbers (issue 31): on a phone, the Account tab leads here. */
export default function SavedNumbersSection() {
  const { t } = useTranslation();
  return (
    <SettingsLinkSection
      title={t('recipients.title')}
      text={t('recipients.section.text')}
      href="/recipients"
      label={t('recipients.section.manage')}
      testId="saved-numbers-link"
    />
  );
}
