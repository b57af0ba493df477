/// <reference lib="webworker" />
/**
 * The service worker at /sw.js (spec §4 "Other"): precaches the built app so it opens on a bad or
 * missing network, answers navigations with the app page (SPA routes work offline), and keeps the
 * payment timer of an open MM QR payment so the customer is told when the code expires even if the
 * tab sleeps. Messages in: START_PAYMENT_TIMER {orderId, timeLeft, amount, title, body},
 * STOP_PAYMENT_TIMER {orderId}, UPDATE_NOTIFICATION_SETTINGS {notificationsEnabled},
 * CACHE_LIBRARIES {urls} (the essential-libraries step, answered on its port). Message out:
 * RESTART_PAYMENT {orderId} when the customer taps the expiry notification.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  precacheAndRoute,
} from 'workbox-precaching';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  APP_FILES_CACHE_PREFIX,
  APP_FILES_LIST_URL,
  isAppFilePath,
  isWarmAppFilesRequest,
  parseAppFileList,
} from './lib/app-files.ts';
import {
  CANCEL_LIBRARY_CACHING,
  isLibraryPath,
  LIBRARY_CACHE,
  LIBRARY_LIST_URL,
  libraryCacheChanges,
  parseCacheLibrariesRequest,
  parseLibraryList,
  type LibraryCacheReply,
} from './lib/library-files.ts';
import {
  PAGES_CACHE_PREFIX,
  parsePaymentTimerMessage,
  type PaymentTimerStart,
} from './lib/sw-messages.ts';
import { openNotificationTarget, parsePushMessage, sameOriginUrl } from './lib/sw-messages.ts';
import { autoCloseWhileShopVisible } from './lib/notification-close.ts';

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
      // A shared order's page can stop being valid at any moment (the buyer disables the link):
      // always from the network, never a kept copy; offline, the app page.
      if (options.url.pathname.startsWith('/sharewith/'))
        return fetch(options.request).catch(() => appShell(options));
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
            .filter(
              (name) =>
                (name.startsWith(PAGES_CACHE_PREFIX) && name !== PAGES_CACHE) ||
                (name.startsWith(APP_FILES_CACHE_PREFIX) && name !== APP_FILES_CACHE),
            )
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
  /^\/api\/v1\/(categories|products\/category|exchange-rates|site\/contact)(\/|$)/;
const cataloguePlugins = [
  new CacheableResponsePlugin({ statuses: [200] }),
  new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 }),
];
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    CATALOGUE_API.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'catalogue-api', plugins: cataloguePlugins }),
);
/**
 * Home's banners end on a date the server judges (ADR 0057): asked of the network first, so an
 * ended campaign is not shown from the copy; the copy answers offline or after 4 s.
 */
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname === '/api/v1/ads/banner',
  new NetworkFirst({
    cacheName: 'catalogue-api',
    networkTimeoutSeconds: 4,
    plugins: cataloguePlugins,
  }),
);

/**
 * Libraries loaded on demand (the QR code drawing; ADR 0032) are not in the precache: they are
 * kept in their own cache, cache-first (their names carry a fingerprint), once the essential-
 * libraries step has downloaded them (CACHE_LIBRARIES, below) or the app has used them once.
 */
const libraryFiles = new CacheFirst({
  cacheName: LIBRARY_CACHE,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isLibraryPath(url.pathname),
  libraryFiles,
);

/**
 * The build's files a first visit does not precache (issue 29, ADR 0065): other pages' scripts,
 * dialogs, the Burmese font, the icons. Kept cache-first once used (their names carry a
 * fingerprint; one cache per build, the earlier build's deleted once this worker is in charge),
 * and downloaded all at once only when the page says the connection allows it (WARM_APP_FILES).
 */
const APP_FILES_CACHE = `${APP_FILES_CACHE_PREFIX}${buildId}`;
const appFiles = new CacheFirst({
  cacheName: APP_FILES_CACHE,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && isAppFilePath(url.pathname),
  appFiles,
);

/** Downloads the listed files this device has not kept yet, one after the other. */
async function warmAppFiles(event: ExtendableEvent): Promise<void> {
  const response = await matchPrecache(APP_FILES_LIST_URL);
  const files = response ? parseAppFileList(await response.json()) : null;
  if (!files) return;
  const cache = await caches.open(APP_FILES_CACHE);
  for (const file of files) {
    if (await cache.match(file)) continue;
    const [answer, done] = appFiles.handleAll({ event, request: new Request(file) });
    await answer.catch(() => undefined);
    await done.catch(() => undefined);
  }
}
let warming: Promise<void> | null = null;
self.addEventListener('message', (event) => {
  if (!isWarmAppFilesRequest(event.data)) return;
  warming ??= warmAppFiles(event).finally(() => {
    warming = null;
  });
  event.waitUntil(warming);
});

/** Keeps one library file; rejects when it could be neither fetched nor stored. */
async function keepLibraryFile(event: ExtendableEvent, url: string, signal?: AbortSignal) {
  const [response, done] = libraryFiles.handleAll({
    event,
    request: new Request(url, signal ? { signal } : {}),
  });
  const answer = await response;
  await done;
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  if (!(await (await caches.open(LIBRARY_CACHE)).match(url))) throw new Error(`${url} not stored`);
}

// The page's essential-libraries step: keep these files, one after the other, telling it on the
// port after each one; CANCEL on the port (Skip) stops the download under way.
self.addEventListener('message', (event) => {
  const request = parseCacheLibrariesRequest(event.data);
  const port = event.ports[0];
  if (!request || !port) return;
  const cancel = new AbortController();
  port.onmessage = (message: MessageEvent<unknown>) => {
    const data = message.data as { type?: unknown } | null;
    if (data?.type === CANCEL_LIBRARY_CACHING.type) cancel.abort();
  };
  const reply = (answer: LibraryCacheReply) => {
    port.postMessage(answer);
  };
  event.waitUntil(
    (async () => {
      try {
        for (const url of request.urls) {
          await keepLibraryFile(event, url, cancel.signal);
          reply({ type: 'LIBRARY_CACHED', url });
        }
        reply({ type: 'LIBRARIES_CACHED' });
      } catch {
        reply({ type: 'LIBRARIES_FAILED' });
      } finally {
        port.close();
      }
    })(),
  );
});

const keptLibraryPaths = async () =>
  (await (await caches.open(LIBRARY_CACHE)).keys()).map((kept) => new URL(kept.url).pathname);

/**
 * A new build renames the library chunks. A device that kept libraries of an earlier build gets
 * this build's while this worker installs (as the precache does); one that kept none downloads
 * nothing. The earlier files are deleted once this worker is in charge (no page of theirs is open).
 */
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const kept = await keptLibraryPaths();
      if (kept.length === 0) return;
      const response = await fetch(LIBRARY_LIST_URL, { cache: 'no-cache' });
      const listed = response.ok ? parseLibraryList(await response.json()) : null;
      if (!listed) return;
      for (const file of libraryCacheChanges(kept, listed).missing)
        await keepLibraryFile(event, file.url);
    })().catch(() => undefined),
  );
});
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const response = await matchPrecache(LIBRARY_LIST_URL);
      const listed = response ? parseLibraryList(await response.json()) : null;
      if (!listed) return;
      const cache = await caches.open(LIBRARY_CACHE);
      const { stale } = libraryCacheChanges(await keptLibraryPaths(), listed);
      await Promise.all(stale.map((path) => cache.delete(path)));
    })().catch(() => undefined),
  );
});

// No skipWaiting/clients.claim: a new version takes over once every tab of the old one is closed, so
// an open page never loses the lazily loaded chunks of its own build from the precache.

/** The shop's open windows (for the 8 s auto-close of a notification shown while one is seen). */
const shopWindows = () => self.clients.matchAll({ type: 'window' });

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
      const tag = `payment-${start.orderId}`;
      self.registration
        .showNotification(start.title, {
          body: start.body,
          tag,
          icon: '/icons/icon-192.png',
          data: { orderId: start.orderId },
        })
        .then(() => autoCloseWhileShopVisible(shopWindows, self.registration, tag))
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

/*
 * Web Push (issue 16). The page's notification settings (UPDATE_NOTIFICATION_SETTINGS, above) are
 * also kept in the Cache Storage: a worker stopped while idle starts again for a push with its
 * module state gone, and must still know whether notifications are off and whether to be silent.
 */
const NOTIFICATION_SETTINGS_CACHE = 'notification-settings';
const NOTIFICATION_SETTINGS_URL = '/__notification-settings';
let notificationSoundEnabled = true;
/** A message that arrived while the stored copy was being read wins over that copy. */
let settingsChangedSinceStart = false;

const settingsRestored: Promise<void> = caches
  .open(NOTIFICATION_SETTINGS_CACHE)
  .then((cache) => cache.match(NOTIFICATION_SETTINGS_URL))
  .then((response) => response?.json() as Promise<unknown> | undefined)
  .then((stored) => {
    if (settingsChangedSinceStart || typeof stored !== 'object' || stored === null) return;
    const saved = stored as { notificationsEnabled?: unknown; notificationSoundEnabled?: unknown };
    if (typeof saved.notificationsEnabled === 'boolean')
      notificationsEnabled = saved.notificationsEnabled;
    if (typeof saved.notificationSoundEnabled === 'boolean')
      notificationSoundEnabled = saved.notificationSoundEnabled;
  })
  .catch(() => undefined);

self.addEventListener('message', (event) => {
  const message = parsePaymentTimerMessage(event.data);
  if (message?.type !== 'UPDATE_NOTIFICATION_SETTINGS') return;
  // The listener above has set notificationsEnabled already.
  settingsChangedSinceStart = true;
  if (message.notificationSoundEnabled !== undefined)
    notificationSoundEnabled = message.notificationSoundEnabled;
  const settings = JSON.stringify({ notificationsEnabled, notificationSoundEnabled });
  event.waitUntil(
    caches
      .open(NOTIFICATION_SETTINGS_CACHE)
      .then((cache) =>
        cache.put(
          NOTIFICATION_SETTINGS_URL,
          new Response(settings, { headers: { 'Content-Type': 'application/json' } }),
        ),
      )
      .catch(() => undefined),
  );
});

/**
 * An order update from the server (PushPayload: completed, failed, refunded, payment expired),
 * already in the device's language. Turned off on this device: nothing is shown (the page also
 * ends the subscription then, so such pushes stop).
 */
self.addEventListener('push', (event) => {
  const payload = parsePushMessage(event.data?.text());
  if (!payload) return;
  event.waitUntil(
    settingsRestored.then(() => {
      if (!notificationsEnabled) return undefined;
      return self.registration
        .showNotification(payload.title, {
          body: payload.body,
          tag: payload.tag,
          data: { url: payload.url },
          icon: '/icons/icon-192.png',
          badge: '/icons/icon-192.png',
          silent: !notificationSoundEnabled,
        })
        .then(() => autoCloseWhileShopVisible(shopWindows, self.registration, payload.tag));
    }),
  );
});

/** Tapping an order update opens its page: in the shop's open window when there is one. */
self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as { url?: unknown } | null;
  if (typeof data?.url !== 'string') return;
  const url = sameOriginUrl(data.url, self.location.origin);
  event.notification.close();
  if (!url) return;
  event.waitUntil(openNotificationTarget(self.clients, url));
});
