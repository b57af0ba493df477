import '../content/messages.ts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SettingSwitch } from '../../../components/ui/setting-switch.tsx';
import { setHelpButtonShown, useHelpButtonShown } from '../help-assistant-setting.ts';

/**
 * Account settings' help assistant (the spec's "bot" setting; ADR 0031): the help button shown
 * or hidden on this device, for guests too. The button follows at once (same tab or another).
 */
export default function HelpAssistantSettingsSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = useHelpButtonShown();
  const [status, setStatus] = useState('');

  return (
    <section
      className="auth-card settings-section"
      aria-labelledby={titleId}
      data-testid="help-assistant-settings"
    >
      <h2 id={titleId}>{t('helpAssistant.settings.title')}</h2>
      <p className="setting-switch-hint">{t('helpAssistant.settings.hint')}</p>
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
      <p className="setting-switch-status" role="status" data-testid="help-assistant-status">
        {status}
      </p>
    </section>
  );
}
