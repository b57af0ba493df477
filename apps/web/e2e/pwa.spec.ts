import { expect, test } from './fixtures.ts';

/** The installable app: manifest, service worker at /sw.js, offline app shell, payment timer. */
test.use({ serviceWorkers: 'allow' });

test('the app is installable, works offline once loaded, and the service worker keeps the payment timer', async ({
  page,
  context,
  baseURL,
}) => {
  // Many steps (manifest, icons, worker, reload, timers, offline pages): slow on two busy cores.
  test.setTimeout(150_000);
  await context.grantPermissions(['notifications'], { origin: baseURL ?? '' });
  // A person who turned notifications on (Account settings): the app tells the worker so a moment
  // after start. Without it the worker is told "off" and rightly shows no expiry notice; the test
  // then passed only when its 1 s timer ran out before that message came.
  await context.addInitScript(() => {
    localStorage.setItem('notificationsEnabled', 'true');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBeTruthy();
  const manifest = (await (await page.request.get(manifestHref ?? '')).json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  expect(manifest.display).toBe('standalone');
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );
  for (const icon of manifest.icons) {
    expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }

  // Registered at /sw.js and in control after a reload.
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? null;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  await page.reload();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);

  // The payment timer: when the time is up the worker shows the expiry notification.
  await page.evaluate(() => {
    navigator.serviceWorker.controller?.postMessage({
      type: 'START_PAYMENT_TIMER',
      orderId: 'order-1',
      timeLeft: 1,
      amount: 3000,
      title: 'QR code expired',
      body: 'Your payment QR code has expired',
    });
  });
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const shown = await registration.getNotifications({ tag: 'payment-order-1' });
          return shown.map((notification) => notification.title);
        }),
      { timeout: 10_000 },
    )
    .toEqual(['QR code expired']);

  // A stopped timer gives no notification.
  await page.evaluate(() => {
    const worker = navigator.serviceWorker.controller;
    worker?.postMessage({
      type: 'START_PAYMENT_TIMER',
      orderId: 'order-2',
      timeLeft: 1,
      amount: 3000,
      title: 'QR code expired',
      body: 'Your payment QR code has expired',
    });
    worker?.postMessage({ type: 'STOP_PAYMENT_TIMER', orderId: 'order-2' });
  });
  await page.waitForTimeout(2000);
  expect(
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications({ tag: 'payment-order-2' })).length;
    }),
  ).toBe(0);

  // A listing seen once is kept on this device as the server rendered it (stale-while-revalidate).
  await page.goto('/product/mobile-topup?operator=MPT');
  await expect(page.getByTestId('product-price').first()).toBeVisible();

  // Offline: the app shell and a deep link still open from the precache, and that listing
  // opens with its products and prices from the device's copy.
  await context.setOffline(true);
  await page.goto('/about-us');
  await expect(page.locator('#root header').first()).toBeVisible();
  await page.goto('/product/mobile-topup?operator=MPT');
  await expect(page.getByTestId('product-price').first()).toHaveText(/^[\d,]+ Ks/);
  await context.setOffline(false);
});
