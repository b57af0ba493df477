/**
 * The notification settings kept on this device (shopping spec §3 "local settings keys") and the
 * rule that shows the notification prompt (spec §4 "Notification prompt").
 */

export const NOTIFICATIONS_ENABLED_KEY = 'notificationsEnabled';
export const NOTIFICATION_SOUND_ENABLED_KEY = 'notificationSoundEnabled';
export const DISMISS_COUNT_KEY = 'notification-permission-dismiss-count';
export const FLOW_COMPLETED_KEY = 'notification-flow-completed';

/** "Not now" this many times and the prompt is not offered again (spec §9: max 3 dismissals). */
export const MAX_PROMPT_DISMISSALS = 3;

export type PermissionState = NotificationPermission | 'unsupported';

export interface PromptConditions {
  permission: PermissionState;
  dismissCount: number;
  flowCompleted: boolean;
  /** Running as the installed app (display-mode standalone). */
  standalone: boolean;
}

/**
 * Spec §4: shown when permission is default and dismissals are below 3, and also when granted but
 * the flow is incomplete in an installed app; hidden once the flow is completed.
 */
export function shouldShowNotificationPrompt(conditions: PromptConditions): boolean {
  if (conditions.flowCompleted) return false;
  if (conditions.permission === 'default') return conditions.dismissCount < MAX_PROMPT_DISMISSALS;
  if (conditions.permission === 'granted') return conditions.standalone;
  return false;
}

/** What localStorage offers (a Storage, or a stand-in in tests). */
export type SettingsStorage = Pick<Storage, 'getItem' | 'setItem'>;

const browserStorage = (): SettingsStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (some private modes): the settings hold for this visit only.
    return null;
  }
};

function read(key: string, storage: SettingsStorage | null): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string, storage: SettingsStorage | null) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or blocked: nothing else to do.
  }
}

export interface NotificationSettings {
  notificationsEnabled: boolean;
  notificationSoundEnabled: boolean;
}

/** Notifications are off until the person turns them on; the sound is on unless turned off. */
export function readNotificationSettings(
  storage: SettingsStorage | null = browserStorage(),
): NotificationSettings {
  return {
    notificationsEnabled: read(NOTIFICATIONS_ENABLED_KEY, storage) === 'true',
    notificationSoundEnabled: read(NOTIFICATION_SOUND_ENABLED_KEY, storage) !== 'false',
  };
}

export function writeNotificationSettings(
  change: Partial<NotificationSettings>,
  storage: SettingsStorage | null = browserStorage(),
): NotificationSettings {
  if (change.notificationsEnabled !== undefined)
    write(NOTIFICATIONS_ENABLED_KEY, String(change.notificationsEnabled), storage);
  if (change.notificationSoundEnabled !== undefined)
    write(NOTIFICATION_SOUND_ENABLED_KEY, String(change.notificationSoundEnabled), storage);
  return readNotificationSettings(storage);
}

export function readDismissCount(storage: SettingsStorage | null = browserStorage()): number {
  const count = Number.parseInt(read(DISMISS_COUNT_KEY, storage) ?? '0', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

/** "Not now": one more dismissal; answers the new count. */
export function recordPromptDismissal(storage: SettingsStorage | null = browserStorage()): number {
  const count = readDismissCount(storage) + 1;
  write(DISMISS_COUNT_KEY, String(count), storage);
  return count;
}

export function isFlowCompleted(storage: SettingsStorage | null = browserStorage()): boolean {
  return read(FLOW_COMPLETED_KEY, storage) === 'true';
}

export function markFlowCompleted(storage: SettingsStorage | null = browserStorage()) {
  write(FLOW_COMPLETED_KEY, 'true', storage);
}

/** The browser's permission, or 'unsupported' where there are no notifications at all. */
export function currentPermission(): PermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Running as the installed app (home-screen icon). */
export const isStandalone = () =>
  window.matchMedia('(display-mode: standalone)').matches ||
  (navigator as { standalone?: boolean }).standalone === true;

/** The prompt's rule applied to this browser and device now. */
export function shouldShowPromptNow(storage: SettingsStorage | null = browserStorage()): boolean {
  return shouldShowNotificationPrompt({
    permission: currentPermission(),
    dismissCount: readDismissCount(storage),
    flowCompleted: isFlowCompleted(storage),
    standalone: isStandalone(),
  });
}
