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
    return typeof data.notificationsEnabled === 'boolean'
      ? { type, notificationsEnabled: data.notificationsEnabled }
      : null;
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
