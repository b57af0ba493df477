import type { PushSubscriptionRequest } from '@shop/contracts/notifications';
import type { ServiceWorkerMessage } from '../../lib/sw-messages.ts';
import { closeNotificationsAfter, TEST_NOTIFICATION_MS } from '../../lib/notification-close.ts';
import {
  readNotificationSettings,
  writeNotificationSettings,
  type NotificationSettings,
} from './notification-settings.ts';

/**
 * Turning notifications on and off on this device (spec §4 "Notification prompt", §8 messages):
 * the browser's permission, the Web Push subscription the server sends order updates to, the test
 * notification and its sound, and the settings the service worker reads.
 */

/** Spec §8: not supported; denied; cancelled; generic failure. Plus: not a secure context. */
export type FlowError = 'unsupported' | 'insecure' | 'denied' | 'cancelled' | 'failed';

export type EnableResult =
  | {
      ok: true;
      /** Notifications work here, but the push subscription could not be made. */ pushFailed: boolean;
    }
  | { ok: false; error: FlowError };

export interface EnableDeps {
  /** Signed in: the subscription is sent to the server (it is per account). */
  signedIn: boolean;
  language: 'en' | 'my';
  fetchVapidKey: () => Promise<string>;
  saveSubscription: (body: PushSubscriptionRequest) => Promise<unknown>;
  testNotification: { title: string; body: string };
}

/** Spec §9: the sound is 800 Hz for 0.5 s (the test notification's 5 s: lib/notification-close.ts). */
const SOUND_HZ = 800;
const SOUND_SECONDS = 0.5;
/** A push service that does not answer (no network to the browser vendor) is given up on. */
const PUSH_TIMEOUT_MS = 15_000;
const WORKER_TIMEOUT_MS = 10_000;
const TEST_TAG = 'notification-test';

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error('timeout'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/** Where notifications cannot work at all, why (checked before asking for anything). */
export function notificationSupportProblem(): FlowError | null {
  // Browsers offer notifications and service workers only on https or localhost (spec §4).
  if (typeof window === 'undefined' || !window.isSecureContext) return 'insecure';
  if (typeof Notification === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  return null;
}

/** The shop's service worker registration, or null (development, or it failed to install). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const found = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (found?.active) return found;
  if (!found) return null;
  // Registered moments ago and still installing: wait for it a little.
  return withTimeout(navigator.serviceWorker.ready, WORKER_TIMEOUT_MS).catch(() => null);
}

/** Sends the settings to the service worker (it keeps them across its restarts). */
export async function sendSettingsToWorker(
  settings: NotificationSettings = readNotificationSettings(),
) {
  const message: ServiceWorkerMessage = { type: 'UPDATE_NOTIFICATION_SETTINGS', ...settings };
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  // The active worker, not only the page's controller: a first visit's page is not controlled yet.
  (registration?.active ?? navigator.serviceWorker.controller)?.postMessage(message);
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
};

/** This device's push subscription with the shop's current key (made when missing). */
async function pushSubscription(registration: ServiceWorkerRegistration, vapidKey: string) {
  const key = base64UrlToBytes(vapidKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  // Made with another key (the shop replaced its key): a subscription has one key for life.
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

function subscriptionBody(
  subscription: PushSubscription,
  language: 'en' | 'my',
): PushSubscriptionRequest {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    language,
  };
}

/**
 * Subscribes this device to the shop's pushes and tells the server (signed in only). false when
 * the push service cannot be reached or the server refused: notifications still work locally.
 */
export async function syncPushSubscription(
  deps: Pick<EnableDeps, 'language' | 'fetchVapidKey' | 'saveSubscription'>,
): Promise<boolean> {
  try {
    const registration = await workerRegistration();
    if (!registration || !('pushManager' in registration)) return false;
    const subscription = await withTimeout(
      deps.fetchVapidKey().then((key) => pushSubscription(registration, key)),
      PUSH_TIMEOUT_MS,
    );
    await deps.saveSubscription(subscriptionBody(subscription, deps.language));
    return true;
  } catch {
    return false;
  }
}

/** The 800 Hz, 0.5 s tone (Web Audio), when the sound setting is on. */
export function playNotificationSound() {
  const AudioContextClass =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext as typeof AudioContext | undefined);
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = SOUND_HZ;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    oscillator.onended = () => {
      void context.close();
    };
    oscillator.start();
    oscillator.stop(context.currentTime + SOUND_SECONDS);
  } catch {
    // No audio output: the notification still shows.
  }
}

/** Spec §4: "On grant a test notification is sent and closes after 5 seconds." */
async function showTestNotification(text: { title: string; body: string }) {
  const options: NotificationOptions = {
    body: text.body,
    tag: TEST_TAG,
    icon: '/icons/icon-192.png',
  };
  const registration = await workerRegistration();
  if (registration) {
    await registration.showNotification(text.title, options);
    void closeNotificationsAfter(registration, TEST_TAG, TEST_NOTIFICATION_MS);
    return;
  }
  // No service worker (development): a page notification, where the browser allows one.
  const notification = new Notification(text.title, options);
  setTimeout(() => {
    notification.close();
  }, TEST_NOTIFICATION_MS);
}

/** Asks for permission (where not yet given) and turns notifications on for this device. */
export async function enableNotifications(deps: EnableDeps): Promise<EnableResult> {
  const problem = notificationSupportProblem();
  if (problem) return { ok: false, error: problem };
  let permission: NotificationPermission;
  try {
    permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  } catch {
    return { ok: false, error: 'failed' };
  }
  if (permission === 'denied') return { ok: false, error: 'denied' };
  // Closed without an answer.
  if (permission !== 'granted') return { ok: false, error: 'cancelled' };

  const settings = writeNotificationSettings({ notificationsEnabled: true });
  await sendSettingsToWorker(settings).catch(() => undefined);
  const pushFailed = deps.signedIn ? !(await syncPushSubscription(deps)) : false;
  try {
    await showTestNotification(deps.testNotification);
  } catch {
    return { ok: false, error: 'failed' };
  }
  if (settings.notificationSoundEnabled) playNotificationSound();
  return { ok: true, pushFailed };
}

/**
 * Turns notifications off for this device: the server forgets the subscription (signed in) and
 * the browser ends it, so nothing more is pushed here.
 */
export async function disableNotifications(deps: {
  signedIn: boolean;
  deleteSubscription: (endpoint: string) => Promise<unknown>;
}): Promise<boolean> {
  const settings = writeNotificationSettings({ notificationsEnabled: false });
  await sendSettingsToWorker(settings).catch(() => undefined);
  try {
    const registration = await workerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return true;
    if (deps.signedIn) await deps.deleteSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
    return true;
  } catch {
    return false;
  }
}

/**
 * After a sign-out: the browser ends this device's subscription, so the previous account's order
 * updates stop arriving here (the push service then answers 410 and the server deletes it). The
 * server call needs the token, which is already gone at this point (see the report / ADR).
 */
export async function dropPushSubscription() {
  const registration = await workerRegistration().catch(() => null);
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
