/**
 * Shopping spec §9 "Notification auto-close": 8 s; the test notification 5 s. One definition for
 * the page (the test notification) and the service worker (order updates, the expired QR code).
 */
export const NOTIFICATION_AUTO_CLOSE_MS = 8000;
export const TEST_NOTIFICATION_MS = 5000;

/** What closing needs of a ServiceWorkerRegistration (a test hands in its own). */
export interface NotificationSource {
  getNotifications(filter?: GetNotificationOptions): Promise<{ close(): void }[]>;
}

/**
 * Closes the notifications tagged `tag` once `ms` have passed. Resolves then, so a service worker
 * can hold itself alive with it (event.waitUntil); a failure to find them is not an error.
 */
export function closeNotificationsAfter(
  source: NotificationSource,
  tag: string,
  ms: number,
): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(() => {
      source
        .getNotifications({ tag })
        .then((shown) => {
          for (const notification of shown) notification.close();
        })
        .catch(() => undefined)
        .finally(resolve);
    }, ms);
  });
}

/**
 * An order update or the expired-QR notice closes by itself after 8 s when it arrives while the
 * customer has the shop on screen (a visible window): it is news of what they are looking at. One
 * that arrives while the shop is not on screen stays in the tray until tapped, or it would be lost.
 */
export async function autoCloseWhileShopVisible(
  shopWindows: () => Promise<readonly { visibilityState: DocumentVisibilityState }[]>,
  source: NotificationSource,
  tag: string,
): Promise<void> {
  const windows = await shopWindows().catch(() => []);
  if (!windows.some((window) => window.visibilityState === 'visible')) return;
  await closeNotificationsAfter(source, tag, NOTIFICATION_AUTO_CLOSE_MS);
}
