import { lazy } from 'react';
import AccountSettingsPage from '../../features/auth/components/account-settings-page.tsx';

// Notifications on this device (issue 16): its own feature, loaded with the page's other parts.
const NotificationSettingsSection = lazy(
  () => import('../../features/notifications/components/notification-settings-section.tsx'),
);
// Saved numbers (issue 31): a way to them from the Account tab.
const SavedNumbersSection = lazy(
  () => import('../../features/recipients/components/saved-numbers-section.tsx'),
);
// "Top me up" request links (issue 31): a way to them from the Account tab.
const TopMeUpSection = lazy(
  () => import('../../features/topup-requests/components/topmeup-section.tsx'),
);
// Privacy (analytics consent) and the help assistant (the spec's "bot" setting; ADR 0031), one
// chunk: kept on this device, so guests have them too.
const DeviceSettingsSections = lazy(() => import('./device-settings-sections.tsx'));

/** /account-settings: the account's page with the sections other features give it. */
export default function AccountSettingsRoute() {
  return (
    <AccountSettingsPage
      signedIn={
        <>
          <SavedNumbersSection />
          <TopMeUpSection />
          <NotificationSettingsSection />
        </>
      }
      device={<DeviceSettingsSections />}
    />
  );
}
