/**
 * Messages between the page and the service worker (spec §4 "Other"): the payment timer and the
 * notification settings in, RESTART_PAYMENT out. One definition for both sides.
 */
/** Caches of server-rendered pages (one per build), emptied when the reader changes language. */
export const PAGES_CACHE_PREFIX = 'pages-';

export interface PaymentTimerStart {
  type: 'START_PAYMENT_TIMER';
  orderId: string;
  /** Seconds until the QR code expires. */
  timeLeft: number;
  /** Integer MMK. */
  amount: number;
  /** The expiry notification, already in the customer's language. */
  title: string;
  body: string;
}
export interface PaymentTimerStop {
  type: 'STOP_PAYMENT_TIMER';
  orderId: string;
}
export interface NotificationSettingsUpdate {
  type: 'UPDATE_NOTIFICATION_SETTINGS';
  notificationsEnabled: boolean;
  /** Absent: unchanged. Off, pushed notifications arrive silently. */
  notificationSoundEnabled?: boolean;
}
export type ServiceWorkerMessage =
  PaymentTimerStart | PaymentTimerStop | NotificationSettingsUpdate;

export interface RestartPaymentMessage {
  type: 'RESTART_PAYMENT';
  orderId: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Reads a message sent to the service worker; anything malformed is ignored (null). */
export function parsePaymentTimerMessage(data: unknown): ServiceWorkerMessage | null {
  if (!isRecord(data)) return null;
  const { type } = data;
  if (type === 'START_PAYMENT_TIMER') {
    const { orderId, timeLeft, amount, title, body } = data;
    if (
      typeof orderId !== 'string' ||
      typeof timeLeft !== 'number' ||
      !Number.isFinite(timeLeft) ||
      timeLeft < 0 ||
      typeof amount !== 'number' ||
      typeof title !== 'string' ||
      typeof body !== 'string'
    ) {
      return null;
    }
    return { type, orderId, timeLeft, amount, title, body };
  }
  if (type === 'STOP_PAYMENT_TIMER') {
    return typeof data.orderId === 'string' ? { type, orderId: data.orderId } : null;
  }
  if (type === 'UPDATE_NOTIFICATION_SETTINGS') {
    if (typeof data.notificationsEnabled !== 'boolean') return null;
    return typeof data.notificationSoundEnabled === 'boolean'
      ? {
          type,
          notificationsEnabled: data.notificationsEnabled,
          notificationSoundEnabled: data.notificationSoundEnabled,
        }
      : { type, notificationsEnabled: data.notificationsEnabled };
  }
  return null;
}

/** Reads a message from the service worker: RESTART_PAYMENT for one order, else null. */
export function parseRestartPayment(data: unknown): RestartPaymentMessage | null {
  return isRecord(data) && data.type === 'RESTART_PAYMENT' && typeof data.orderId === 'string'
    ? { type: 'RESTART_PAYMENT', orderId: data.orderId }
    : null;
}

/** Sends a message to the service worker controlling the page, when there is one. */
export function postToServiceWorker(message: ServiceWorkerMessage) {
  // navigator.serviceWorker is missing on plain-http origins other than localhost.
  if ('serviceWorker' in navigator) navigator.serviceWorker.controller?.postMessage(message);
}

/** A Web Push message as the server sends it (contracts PushPayload), read without zod. */
export interface PushMessage {
  event: string;
  title: string;
  body: string;
  /** Page to open on a click; only a same-origin one is ever opened. */
  url: string;
  tag: string;
}

/** Reads a push's JSON text; anything malformed is null (the worker then shows nothing). */
export function parsePushMessage(text: string | null | undefined): PushMessage | null {
  if (!text) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  const { event, title, body, url, tag } = data;
  if (
    typeof event !== 'string' ||
    typeof title !== 'string' ||
    typeof body !== 'string' ||
    typeof url !== 'string' ||
    typeof tag !== 'string'
  )
    return null;
  return { event, title, body, url, tag };
}

/** `url` as an absolute address when it is on `origin` (a notification opens nothing else). */
export function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? parsed.href : null;
  } catch {
    return null;
  }
}

/** A shop window as the worker's Clients API gives it (WindowClient), as much as a click needs. */
interface ShopWindow {
  focused: boolean;
  focus(): Promise<{ navigate(url: string): Promise<unknown> }>;
}

/**
 * A click on a push notification (sw.ts notificationclick): the shop's focused window, else its
 * first, is focused and taken to `url`; when there is none, or it cannot be taken there (a window
 * this worker does not control), `url` opens in a new window.
 */
export async function openNotificationTarget(
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly ShopWindow[]>;
    openWindow(url: string): Promise<unknown>;
  },
  url: string,
): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const shop = windows.find((client) => client.focused) ?? windows[0];
  if (shop) {
    try {
      const focused = await shop.focus();
      // navigate() answers null for a window this worker does not control.
      if (await focused.navigate(url)) return;
    } catch {
      // Not controlled by this worker (navigate throws): a new window instead.
    }
  }
  await clients.openWindow(url);
}
