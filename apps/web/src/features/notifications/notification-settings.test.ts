import { describe, expect, it } from 'vitest';
import {
  DISMISS_COUNT_KEY,
  FLOW_COMPLETED_KEY,
  isFlowCompleted,
  markFlowCompleted,
  NOTIFICATION_SOUND_ENABLED_KEY,
  NOTIFICATIONS_ENABLED_KEY,
  readDismissCount,
  readNotificationSettings,
  recordPromptDismissal,
  shouldShowNotificationPrompt,
  writeNotificationSettings,
  type PromptConditions,
  type SettingsStorage,
} from './notification-settings.ts';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  const storage: SettingsStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
  return { storage, values };
};

describe('the notification prompt (spec §4)', () => {
  const base: PromptConditions = {
    permission: 'default',
    dismissCount: 0,
    flowCompleted: false,
    standalone: false,
  };

  it('shows while permission is default and it was dismissed fewer than 3 times', () => {
    expect(shouldShowNotificationPrompt({ ...base, permission: 'default' })).toBe(true);
    expect(shouldShowNotificationPrompt({ ...base, dismissCount: 2 })).toBe(true);
    expect(shouldShowNotificationPrompt({ ...base, dismissCount: 3 })).toBe(false);
    expect(shouldShowNotificationPrompt({ ...base, dismissCount: 7 })).toBe(false);
  });

  it('shows when granted but the flow is incomplete only in the installed app', () => {
    expect(shouldShowNotificationPrompt({ ...base, permission: 'granted' })).toBe(false);
    expect(shouldShowNotificationPrompt({ ...base, permission: 'granted', standalone: true })).toBe(
      true,
    );
    // The dismissal limit is about asking for permission; granted, it does not apply.
    expect(
      shouldShowNotificationPrompt({
        ...base,
        permission: 'granted',
        standalone: true,
        dismissCount: 3,
      }),
    ).toBe(true);
  });

  it('hides once the flow is completed, when denied, and where notifications do not exist', () => {
    expect(shouldShowNotificationPrompt({ ...base, flowCompleted: true })).toBe(false);
    expect(
      shouldShowNotificationPrompt({
        ...base,
        permission: 'granted',
        standalone: true,
        flowCompleted: true,
      }),
    ).toBe(false);
    expect(shouldShowNotificationPrompt({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldShowNotificationPrompt({ ...base, permission: 'denied', standalone: true })).toBe(
      false,
    );
    expect(shouldShowNotificationPrompt({ ...base, permission: 'unsupported' })).toBe(false);
  });
});

describe('notification settings storage (spec §3 keys)', () => {
  it('defaults: notifications off, sound on, no dismissals, flow not completed', () => {
    const { storage } = memoryStorage();
    expect(readNotificationSettings(storage)).toEqual({
      notificationsEnabled: false,
      notificationSoundEnabled: true,
    });
    expect(readDismissCount(storage)).toBe(0);
    expect(isFlowCompleted(storage)).toBe(false);
  });

  it('writes the settings under the spec’s keys', () => {
    const { storage, values } = memoryStorage();
    expect(writeNotificationSettings({ notificationsEnabled: true }, storage)).toEqual({
      notificationsEnabled: true,
      notificationSoundEnabled: true,
    });
    writeNotificationSettings({ notificationSoundEnabled: false }, storage);
    expect(values.get(NOTIFICATIONS_ENABLED_KEY)).toBe('true');
    expect(values.get(NOTIFICATION_SOUND_ENABLED_KEY)).toBe('false');
    expect(readNotificationSettings(storage)).toEqual({
      notificationsEnabled: true,
      notificationSoundEnabled: false,
    });
  });

  it('counts dismissals and remembers the completed flow', () => {
    const { storage, values } = memoryStorage({ [DISMISS_COUNT_KEY]: 'garbage' });
    expect(readDismissCount(storage)).toBe(0);
    expect(recordPromptDismissal(storage)).toBe(1);
    expect(recordPromptDismissal(storage)).toBe(2);
    expect(values.get(DISMISS_COUNT_KEY)).toBe('2');
    markFlowCompleted(storage);
    expect(values.get(FLOW_COMPLETED_KEY)).toBe('true');
    expect(isFlowCompleted(storage)).toBe(true);
  });

  it('works without storage (blocked), and survives a storage that throws', () => {
    expect(readNotificationSettings(null)).toEqual({
      notificationsEnabled: false,
      notificationSoundEnabled: true,
    });
    const throwing: SettingsStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
    };
    expect(recordPromptDismissal(throwing)).toBe(1);
    expect(isFlowCompleted(throwing)).toBe(false);
  });
});
