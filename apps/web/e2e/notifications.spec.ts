import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  keepScreenshot,
} from './fixtures.ts';
import { signedInCustomer } from './shop-support.ts';

/** The next call that saves (POST) or ends (DELETE) the device's push subscription. */
const subscriptionCall = (page: Page, method: 'POST' | 'DELETE') =>
  page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/notifications/subscriptions') &&
      response.request().method() === method,
  );

/**
 * Notifications (issue 16; shopping spec §3 keys, §4 "Notification prompt", §8 messages): the
 * prompt on Home for a signed-in customer in English and Burmese, the dismissal limit, the errors,
 * account settings' switches, and a push delivered to the service worker (DevTools protocol).
 *
 * Headless Chromium has no connection to the browser vendor's push service here, so
 * PushManager.subscribe is replaced by a stand-in (init script below) that answers a subscription
 * the shop's server accepts; the server's side of a real encrypted push is tested in
 * apps/server (push.test.ts). Screenshots go to /tmp/notifications-*.png.
 */
test.use({ serviceWorkers: 'allow' });

/** A stand-in push subscription (the vendor's push service is out of reach in the tests). */
async function stubPushManager(context: BrowserContext) {
  await context.addInitScript(() => {
    type Fake = PushSubscription & { toJSON: () => PushSubscriptionJSON };
    let current: Fake | null = null;
    const state = window as unknown as { pushUnsubscribed?: boolean };
    const make = (): Fake => {
      const endpoint = `https://push.example.test/send/${Math.random().toString(36).slice(2)}`;
      return {
        endpoint,
        options: { applicationServerKey: null, userVisibleOnly: true },
        expirationTime: null,
        toJSON() {
          return {
            endpoint,
            keys: {
              p256dh:
                'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
              auth: 'tBHItJI5svbpez7KI4CCXg',
            },
          };
        },
        unsubscribe() {
          current = null;
          state.pushUnsubscribed = true;
          return Promise.resolve(true);
        },
      } as unknown as Fake;
    };
    PushManager.prototype.subscribe = function subscribe() {
      current ??= make();
      return Promise.resolve(current);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(current);
    };
  });
}

/**
 * A new customer signed in on Home on a 390 px phone whose push subscriptions are stand-ins
 * (stubPushManager); `allowed`: the browser already allows notifications before that first page.
 */
async function customerOnPhone(
  {
    page,
    context,
    request,
    baseURL,
  }: { page: Page; context: BrowserContext; request: APIRequestContext; baseURL?: string },
  { allowed = false } = {},
) {
  await page.setViewportSize({ width: 390, height: 844 });
  await stubPushManager(context);
  if (allowed) await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  await signedInCustomer(page, request);
}

async function axe(page: Page, selector: string) {
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations).toEqual([]);
}

const storage = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

const shownNotifications = (page: Page, tag: string) =>
  page.evaluate(async (name) => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications({ tag: name })).map((n) => n.title);
  }, tag);

const prompt = (page: Page) => page.getByTestId('notification-prompt');

const copy = {
  en: {
    title: 'Know when your order is ready',
    step1: 'Step 1 of 2',
    enable: 'Turn on notifications',
    completeTitle: 'Notifications are on',
    step2: 'Step 2 of 2',
    done: 'Done',
  },
  my: {
    title: 'မှာယူမှု အဆင်သင့်ဖြစ်ချိန်ကို သိရှိပါ',
    step1: 'အဆင့် ၁ / ၂',
    enable: 'အသိပေးချက်များ ဖွင့်မည်',
    completeTitle: 'အသိပေးချက်များ ဖွင့်ပြီးပါပြီ',
    step2: 'အဆင့် ၂ / ၂',
    done: 'ပြီးပါပြီ',
  },
} as const;

for (const language of ['en', 'my'] as const) {
  test(`the prompt turns notifications on: permission, subscription sent, test notification (${language}, 390 px)`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const text = copy[language];
    await customerOnPhone({ page, context, request });
    await page.goto(language === 'my' ? '/?lang=my' : '/');

    // Not on the first paint: a few seconds after the page is ready, at the bottom, not modal.
    await expect(prompt(page)).toHaveCount(0);
    const card = page.getByRole('complementary', { name: text.title });
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText(text.step1);
    await expect(page.locator('body')).not.toHaveClass(/dialog-open/);
    // The focus is not taken from the page.
    expect(await card.evaluate((element) => element.contains(document.activeElement))).toBe(false);
    if (language === 'my') expect(await card.innerText()).not.toMatch(/[A-Za-z0-9]/);
    const box = await card.boundingBox();
    const tabBar = await page.getByTestId('bottom-tab-bar').boundingBox();
    expect(box && tabBar && box.y + box.height <= tabBar.y).toBe(true);
    await axe(page, '[data-testid="notification-prompt"]');
    await keepScreenshot(page, { path: `/tmp/notifications-prompt-${language}.png` });

    await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
    const saved = subscriptionCall(page, 'POST');
    await card.getByRole('button', { name: text.enable }).click();
    expect((await saved).status()).toBe(201);
    expect((await saved).request().postDataJSON()).toMatchObject({
      endpoint: expect.stringMatching(/^https:\/\/push\.example\.test\//),
      language,
    });

    const done = page.getByRole('complementary', { name: text.completeTitle });
    await expect(done).toContainText(text.step2);
    // Shown at once (checked before the slower steps below: it closes after 5 seconds).
    expect(await shownNotifications(page, 'notification-test')).toEqual([
      language === 'my' ? 'အသိပေးချက်များ ဖွင့်ပြီးပါပြီ' : 'Notifications are on',
    ]);
    await expect(done.getByRole('button', { name: text.done })).toBeFocused();
    await expect(page.getByTestId('notification-feedback')).toBeEmpty();
    await axe(page, '[data-testid="notification-prompt"]');
    await keepScreenshot(page, { path: `/tmp/notifications-complete-${language}.png` });
    expect(await storage(page, 'notification-flow-completed')).toBe('true');
    expect(await storage(page, 'notificationsEnabled')).toBe('true');

    // The test notification, through the service worker, closes after 5 seconds.
    await expect
      .poll(() => shownNotifications(page, 'notification-test'), { timeout: 10_000 })
      .toHaveLength(0);

    await done.getByRole('button', { name: text.done }).click();
    await expect(prompt(page)).toHaveCount(0);
    // Completed: not offered again.
    await page.reload();
    await page.waitForTimeout(6_000);
    await expect(prompt(page)).toHaveCount(0);
  });
}

test('"Not now" three times and the prompt is not offered again', async ({ page, request }) => {
  test.setTimeout(150_000);
  await signedInCustomer(page, request);
  for (let count = 1; count <= 3; count += 1) {
    await page.goto('/');
    await expect(prompt(page)).toBeVisible({ timeout: 15_000 });
    await prompt(page).getByRole('button', { name: 'Not now' }).click();
    await expect(prompt(page)).toHaveCount(0);
    expect(await storage(page, 'notification-permission-dismiss-count')).toBe(String(count));
  }
  await page.goto('/orders');
  await page.waitForTimeout(6_000);
  await expect(prompt(page)).toHaveCount(0);
  expect(await storage(page, 'notification-flow-completed')).toBeNull();
});

test('cancelled and denied permission requests say so, with the help hint after the second failure', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await context.addInitScript(() => {
    const answers = window as unknown as { permissionAnswer?: NotificationPermission };
    Notification.requestPermission = () => Promise.resolve(answers.permissionAnswer ?? 'default');
  });
  await signedInCustomer(page, request);
  await page.goto('/orders');
  const card = prompt(page);
  await expect(card).toBeVisible({ timeout: 15_000 });
  const feedback = page.getByTestId('notification-feedback');

  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(feedback).toHaveText('The request was cancelled. Please try again.');
  await expect(page.getByTestId('notification-help')).toHaveCount(0);

  await page.evaluate(() => {
    (window as unknown as { permissionAnswer: string }).permissionAnswer = 'denied';
  });
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(feedback).toContainText(
    'Notification permission was denied. You can enable it later in your browser settings.',
  );
  await expect(page.getByTestId('notification-help')).toContainText('Still not working?');
  await axe(page, '[data-testid="notification-prompt"]');
  expect(await storage(page, 'notification-flow-completed')).toBeNull();
});

test('account settings: the notifications and sound switches, kept by the service worker (EN, MY, 390 px)', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await customerOnPhone({ page, context, request, baseURL }, { allowed: true });
  await page.goto('/account-settings');

  // (The toaster is a region named Notifications too.)
  const section = page.getByTestId('notification-settings');
  await expect(section).toBeVisible();
  const notifications = section.getByRole('switch', { name: 'Notifications' });
  const sound = section.getByRole('switch', { name: 'Sound' });
  await expect(notifications).toHaveAttribute('aria-checked', 'false');
  await expect(sound).toHaveAttribute('aria-checked', 'true');
  await axe(page, '[data-testid="notification-settings"]');

  const saved = subscriptionCall(page, 'POST');
  await notifications.click();
  expect((await saved).status()).toBe(201);
  await expect(notifications).toHaveAttribute('aria-checked', 'true');
  await expect(section.getByRole('status')).toHaveText('Notifications are on.');
  expect(await storage(page, 'notificationsEnabled')).toBe('true');
  expect(await storage(page, 'notification-flow-completed')).toBe('true');

  await sound.click();
  await expect(sound).toHaveAttribute('aria-checked', 'false');
  expect(await storage(page, 'notificationSoundEnabled')).toBe('false');
  // The worker keeps what it was told where it survives its own restart.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const cache = await caches.open('notification-settings');
        const kept = await cache.match('/__notification-settings');
        return kept ? ((await kept.json()) as unknown) : null;
      }),
    )
    .toEqual({ notificationsEnabled: true, notificationSoundEnabled: false });
  await keepScreenshot(section, { path: '/tmp/notifications-settings-en.png' });

  const removed = subscriptionCall(page, 'DELETE');
  await notifications.click();
  expect((await removed).status()).toBe(200);
  await expect(notifications).toHaveAttribute('aria-checked', 'false');
  expect(
    await page.evaluate(() => (window as { pushUnsubscribed?: boolean }).pushUnsubscribed),
  ).toBe(true);
  expect(await storage(page, 'notificationsEnabled')).toBe('false');

  await page.goto('/account-settings?lang=my');
  const burmese = page.getByTestId('notification-settings');
  await expect(burmese.getByRole('heading', { name: 'အသိပေးချက်များ' })).toBeVisible();
  await expect(burmese.getByRole('switch', { name: 'အသံ' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  expect(await burmese.innerText()).not.toMatch(/[A-Za-z0-9]/);
  await axe(page, '[data-testid="notification-settings"]');
  await keepScreenshot(burmese, { path: '/tmp/notifications-settings-my.png' });
});

test('a push delivered to the service worker shows its notification, unless notifications are off', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(baseURL ?? ''));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await registrationId;
  const origin = new URL(baseURL ?? '').origin;
  const push = (tag: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify({
        event: 'order_completed',
        title: 'Order MT-TEST completed',
        body: 'Your E-PIN is ready',
        url: '/orders/MT-TEST',
        tag,
      }),
    });

  await push('order-MT-TEST-completed');
  await expect
    .poll(() => shownNotifications(page, 'order-MT-TEST-completed'), { timeout: 10_000 })
    .toEqual(['Order MT-TEST completed']);
  const data = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const [shown] = await registration.getNotifications({ tag: 'order-MT-TEST-completed' });
    return { data: shown?.data as unknown, body: shown?.body, icon: shown?.icon };
  });
  expect(data).toMatchObject({ data: { url: '/orders/MT-TEST' }, body: 'Your E-PIN is ready' });

  // Turned off on this device: the worker shows nothing.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({
      type: 'UPDATE_NOTIFICATION_SETTINGS',
      notificationsEnabled: false,
      notificationSoundEnabled: true,
    });
  });
  // The worker has taken it once it has kept it (sw.ts keeps the settings in the Cache Storage).
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const kept = await (
          await caches.open('notification-settings')
        ).match('/__notification-settings');
        return kept?.json() as Promise<unknown> | undefined;
      }),
    )
    .toMatchObject({ notificationsEnabled: false });
  await push('order-MT-TEST-off');
  await page.waitForTimeout(2_000);
  expect(await shownNotifications(page, 'order-MT-TEST-off')).toEqual([]);
});
