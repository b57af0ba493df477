import '../content/messages.ts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SettingSwitch, SettingsSection } from '../../../components/ui/setting-switch.tsx';
import { setHelpButtonShown, useHelpButtonShown } from '../help-assistant-setting.ts';

/**
 * Account settings' help assistant (the spec's "bot" setting; ADR 0031): the help button shown
 * or hidden on this device, for guests too. The button follows at once (same tab or another).
 */
export default function HelpAssistantSettingsSection() {
  const { t } = useTranslation();
  const shown = useHelpButtonShown();
  const [status, setStatus] = useState('');

  return (
    <SettingsSection
      title={t('helpAssistant.settings.title')}
      hint={t('helpAssistant.settings.hint')}
      testId="help-assistant-settings"
      status={status}
      statusTestId="help-assistant-status"
    >
      <SettingSwitch
        label={t('helpAssistant.settings.shown')}
        hint={t('helpAssistant.settings.shownHint')}
        checked={shown}
        onToggle={() => {
          setHelpButtonShown(!shown);
          setStatus(t(shown ? 'helpAssistant.settings.off' : 'helpAssistant.settings.on'));
        }}
        testId="help-button-switch"
      />
    </SettingsSection>
  );
}
