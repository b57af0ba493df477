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
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import {
  PAGES_CACHE_PREFIX,
  parsePaymentTimerMessage,
  type PaymentTimerStart,
} from './lib/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

const precacheManifest = self.__WB_MANIFEST;
precacheAndRoute(precacheManifest);
cleanupOutdatedCaches();

/**
 * Pages as the server rendered them, per address: a repeat visit opens at once from this device
 * (stale-while-revalidate) and a page seen before opens offline with its content. The cache is
 * per build (a page refers to its build's script files) and the app empties it when the reader
 * changes language (lib/i18n.ts), since a page is rendered in one language.
 */
const buildId = precacheManifest
  .map((entry) => (typeof entry === 'string' ? entry : `${entry.url}@${entry.revision ?? ''}`))
  .join('|')
  .split('')
  .reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0, 0)
  .toString(36);
const PAGES_CACHE = `${PAGES_CACHE_PREFIX}${buildId}`;
const pages = new StaleWhileRevalidate({
  cacheName: PAGES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 60 * 60 }),
  ],
});
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      // Offline and never seen: the app page from the precache, which routes in the browser.
      const page = await pages.handle(options).catch(() => undefined);
      return page ?? appShell(options);
    },
    {
      // Server routes are never the app page.
      denylist: [/^\/api\//, /^\/media\//, /^\/healthz/, /^\/readyz/, /^\/sandbox\/bank\/pay/],
    },
  ),
);
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE)
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

/**
 * The catalogue (categories, listings, banners, exchange rates, call-centre contact) answers from
 * this device's copy at once and refreshes it in the background (stale-while-revalidate): a
 * repeat visit shows prices without waiting for a slow network, and works offline. The answers
 * vary by Accept-Language (the server says so), which the cache honours. A price shown from the
 * copy is at most one visit old; the cart and checkout always take the server's current price.
 */
const CATALOGUE_API =
  /^\/api\/v1\/(categories|products\/category|ads\/banner|exchange-rates|site\/contact)(\/|$)/;
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    CATALOGUE_API.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'catalogue-api',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 }),
    ],
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
