import HelpAssistantSettingsSection from '../../features/help-assistant/components/help-assistant-settings-section.tsx';
import PrivacySettingsSection from '../../features/privacy/components/privacy-settings-section.tsx';

/**
 * Account settings' privacy (analytics consent) and help assistant (the spec's "bot" setting;
 * ADR 0031) sections, loaded as one chunk: both are kept on this device, so guests have them too.
 */
export default function DeviceSettingsSections() {
  return (
    <>
      <PrivacySettingsSection />
      <HelpAssistantSettingsSection />
    </>
  );
}
