/// <reference lib="webworker" />
/**
 * The service worker at /sw.js (spec §4 "Other"): precaches the built app so it opens on a bad or
 * missing network, answers navigations with the app page (SPA routes work offline), and keeps the
 * payment timer of an open MM QR payment so the customer is told when the code expires even if the
 * tab sleeps. Messages in: START_PAYMENT_TIMER {orderId, timeLeft, amount, title, body},
 * STOP_PAYMENT_TIMER {orderId}, UPDATE_NOTIFICATION_SETTINGS {notificationsEnabled}. Message out:
 * RESTART_PAYMENT {orderId} when the customer taps the expiry notification.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { parsePaymentTimerMessage, type PaymentTimerStart } from './lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    // Server routes are never the app page.
    denylist: [/^\/api\//, /^\/media\//, /^\/healthz/, /^\/readyz/, /^\/sandbox\/bank\/pay/],
  }),
);

// No skipWaiting/clients.claim: a new version takes over once every tab of the old one is closed, so
// an open page never loses the lazily loaded chunks of its own build from the precache.

const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; resolve: () => void }>();
let notificationsEnabled = true;

function stopTimer(orderId: string) {
  const running = timers.get(orderId);
  if (!running) return;
  clearTimeout(running.timer);
  running.resolve();
  timers.delete(orderId);
}

/** Answers when the timer has run out (and its notice is shown) or was stopped. */
function startTimer(start: PaymentTimerStart): Promise<void> {
  stopTimer(start.orderId);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(start.orderId);
      if (!notificationsEnabled || Notification.permission !== 'granted') {
        resolve();
        return;
      }
      self.registration
        .showNotification(start.title, {
          body: start.body,
          tag: `payment-${start.orderId}`,
          icon: '/icons/icon-192.png',
          data: { orderId: start.orderId },
        })
        .then(resolve, resolve);
    }, start.timeLeft * 1000);
    timers.set(start.orderId, { timer, resolve });
  });
}

self.addEventListener('message', (event) => {
  const message = parsePaymentTimerMessage(event.data);
  if (!message) return;
  // waitUntil keeps the worker alive until the timer is done: an idle worker is otherwise stopped
  // after about 30 s, long before a 300 s payment window ends (browsers allow a few minutes).
  if (message.type === 'START_PAYMENT_TIMER') event.waitUntil(startTimer(message));
  else if (message.type === 'STOP_PAYMENT_TIMER') stopTimer(message.orderId);
  else notificationsEnabled = message.notificationsEnabled;
});

// Tapping "your QR code has expired" brings the shop forward and asks it for a new code.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { orderId?: unknown } | null;
  const orderId = typeof data?.orderId === 'string' ? data.orderId : null;
  if (!orderId) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const client = windows[0] ?? (await self.clients.openWindow('/'));
      if (!client) return;
      if ('focus' in client) await client.focus();
      client.postMessage({ type: 'RESTART_PAYMENT', orderId });
    })(),
  );
});
