import '../content/messages.ts';
import '../privacy.css';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Link } from 'wouter';
import { SettingSwitch, SettingsSection } from '../../../components/ui/setting-switch.tsx';
import { setConsent, useConsent } from '../consent-store.ts';

/**
 * Account settings' "Privacy" (shopping spec §2 "privacy/analytics settings"; issue 16): the
 * cookie banner's answer as a switch, for guests too (it is kept on this device). Unanswered is
 * off: nothing is sent until the visitor says yes, here or on the banner.
 */
export default function PrivacySettingsSection() {
  const { t } = useTranslation();
  const consent = useConsent();
  const [status, setStatus] = useState('');
  const granted = consent === 'granted';

  return (
    <SettingsSection
      title={t('privacy.settings.title')}
      hint={t('privacy.settings.hint')}
      testId="privacy-settings"
      status={status}
      statusTestId="privacy-settings-status"
    >
      <SettingSwitch
        label={t('privacy.settings.analytics')}
        hint={t('privacy.settings.analyticsHint')}
        checked={granted}
        onToggle={() => {
          setConsent(granted ? 'denied' : 'granted');
          setStatus(t(granted ? 'privacy.settings.off' : 'privacy.settings.on'));
        }}
        testId="analytics-switch"
      />
      <Link href="/privacy-policy" className="privacy-settings__policy">
        {t('privacy.settings.policy')}
      </Link>
    </SettingsSection>
  );
}
