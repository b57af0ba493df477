import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  autoCloseWhileShopVisible,
  closeNotificationsAfter,
  NOTIFICATION_AUTO_CLOSE_MS,
  TEST_NOTIFICATION_MS,
} from './notification-close.ts';

/** A registration holding one shown notification per tag asked for. */
function notificationsShown() {
  const close = vi.fn();
  const getNotifications = vi.fn((_filter?: GetNotificationOptions) =>
    Promise.resolve([{ close }]),
  );
  return { source: { getNotifications }, close, getNotifications };
}

const visible = () => Promise.resolve([{ visibilityState: 'visible' as const }]);
const hidden = () => Promise.resolve([{ visibilityState: 'hidden' as const }]);

describe('notification auto-close (shopping spec §9: 8 s; the test notification 5 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('the figures are the spec’s', () => {
    expect(NOTIFICATION_AUTO_CLOSE_MS).toBe(8000);
    expect(TEST_NOTIFICATION_MS).toBe(5000);
  });

  it('a notification shown while the shop is on screen closes at 8 s, not before', async () => {
    const shown = notificationsShown();
    const done = autoCloseWhileShopVisible(visible, shown.source, 'order-1');
    await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_CLOSE_MS - 1);
    expect(shown.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(shown.getNotifications).toHaveBeenCalledWith({ tag: 'order-1' });
    expect(shown.close).toHaveBeenCalledTimes(1);
  });

  it('one that arrives while the shop is not on screen stays in the tray', async () => {
    const shown = notificationsShown();
    await autoCloseWhileShopVisible(hidden, shown.source, 'order-1');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown.getNotifications).not.toHaveBeenCalled();
    expect(shown.close).not.toHaveBeenCalled();
  });

  it('the test notification closes at 5 s', async () => {
    const shown = notificationsShown();
    const done = closeNotificationsAfter(shown.source, 'notification-test', TEST_NOTIFICATION_MS);
    await vi.advanceTimersByTimeAsync(TEST_NOTIFICATION_MS - 1);
    expect(shown.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(shown.close).toHaveBeenCalledTimes(1);
  });

  it('a notification already gone is no error', async () => {
    const done = closeNotificationsAfter(
      { getNotifications: () => Promise.reject(new Error('gone')) },
      'order-1',
      NOTIFICATION_AUTO_CLOSE_MS,
    );
    await vi.advanceTimersByTimeAsync(NOTIFICATION_AUTO_CLOSE_MS);
    await expect(done).resolves.toBeUndefined();
  });
});
