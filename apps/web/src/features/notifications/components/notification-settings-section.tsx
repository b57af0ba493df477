import '../content/messages.ts';
import '../notifications.css';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SettingSwitch, SettingsSection } from '../../../components/ui/setting-switch.tsx';
import { useNotificationFlow } from '../hooks/use-notification-flow.ts';
import { notificationSupportProblem, sendSettingsToWorker } from '../notification-flow.ts';
import {
  currentPermission,
  markFlowCompleted,
  readNotificationSettings,
  writeNotificationSettings,
} from '../notification-settings.ts';
import { FlowFeedbackMessage } from './flow-feedback.tsx';

/**
 * Account settings' "Notifications" (issue 16): notifications on this device (turning them on runs
 * the prompt's flow, off ends the push subscription) and their sound; every change goes to the
 * service worker too.
 */
export default function NotificationSettingsSection() {
  const { t } = useTranslation();
  const { enable, disable, feedback, clearFeedback } = useNotificationFlow();
  const [settings, setSettings] = useState(readNotificationSettings);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const problem = notificationSupportProblem();
  const enabled = settings.notificationsEnabled && currentPermission() === 'granted';

  const toggleNotifications = async () => {
    setBusy(true);
    setStatus('');
    clearFeedback();
    if (enabled) {
      await disable();
      setStatus(t('notifications.settings.turnedOff'));
    } else {
      const result = await enable();
      if (result.ok) {
        // The same flow as the prompt's: done here, the prompt is not offered again.
        markFlowCompleted();
        setStatus(t('notifications.settings.turnedOn'));
      }
    }
    setSettings(readNotificationSettings());
    setBusy(false);
  };

  const toggleSound = () => {
    const next = writeNotificationSettings({
      notificationSoundEnabled: !settings.notificationSoundEnabled,
    });
    setSettings(next);
    setStatus(
      t(
        next.notificationSoundEnabled
          ? 'notifications.settings.soundOn'
          : 'notifications.settings.soundOff',
      ),
    );
    void sendSettingsToWorker(next).catch(() => undefined);
  };

  return (
    <SettingsSection
      title={t('notifications.settings.title')}
      hint={t('notifications.settings.hint')}
      className="notification-settings"
      testId="notification-settings"
      status={status}
      statusTestId="notification-settings-status"
      after={<FlowFeedbackMessage feedback={feedback} />}
    >
      {problem ? (
        <p className="notification-feedback__error">{t(`notifications.errors.${problem}`)}</p>
      ) : null}
      <SettingSwitch
        label={t('notifications.settings.enabled')}
        hint={t('notifications.settings.enabledHint')}
        checked={enabled}
        busy={busy}
        disabled={problem !== null}
        onToggle={() => void toggleNotifications()}
        testId="notifications-switch"
      />
      <SettingSwitch
        label={t('notifications.settings.sound')}
        hint={t('notifications.settings.soundHint')}
        checked={settings.notificationSoundEnabled}
        disabled={problem !== null}
        onToggle={toggleSound}
        testId="notification-sound-switch"
      />
    </SettingsSection>
  );
}
