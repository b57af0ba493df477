import { expect, test, type Page } from './fixtures.ts';

/**
 * Issue 29 (ADR 0065): a first visit does not download the shop. The worker precaches only what
 * the landing pages load before they are live; the rest of the build (other pages' scripts, the
 * Burmese font, the icons) is listed in /app-files.json, cached when used, and downloaded in the
 * background only on a fast connection that is not metered and not saving data.
 */
test.use({ serviceWorkers: 'allow' });

const cachedUrls = (page: Page, prefix: string) =>
  page.evaluate(async (prefix) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      for (const request of await (await caches.open(name)).keys())
        urls.push(new URL(request.url).pathname);
    }
    return urls;
  }, prefix);

async function laterFiles(page: Page): Promise<string[]> {
  const list = (await (await page.request.get('/app-files.json')).json()) as { files: string[] };
  return list.files;
}

test('the precache holds the landing pages only; on a fast connection the rest follows once idle', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const later = await laterFiles(page);
  // Other pages' scripts, the Burmese font and the icons wait.
  expect(later.some((file) => /\/assets\/orders-page-[\w-]+\.js$/.test(file))).toBe(true);
  expect(later.some((file) => file.endsWith('.woff2'))).toBe(true);
  expect(later.some((file) => file.startsWith('/icons/'))).toBe(true);
  expect(later.some((file) => file.includes('/assets/back-office-'))).toBe(false);
  const precached = await cachedUrls(page, 'workbox-precache');
  expect(precached).toContain('/app-files.json');
  expect(precached.some((url) => /\/assets\/vendor-[\w-]+\.js$/.test(url))).toBe(true);
  expect(precached.filter((url) => later.includes(url))).toEqual([]);
  // Headless Chromium reports a fast connection that is not metered: everything follows.
  await expect
    .poll(
      async () => {
        const kept = new Set(await cachedUrls(page, 'app-files-'));
        return later.filter((file) => !kept.has(file));
      },
      { timeout: 60_000 },
    )
    .toEqual([]);
});

test('a reader saving data downloads only what they open', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', {
      value: { saveData: true, effectiveType: '4g' },
      configurable: true,
    });
  });
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const later = await laterFiles(page);
  // Idle for a while: the page would have asked by now (requestIdleCallback, 10 s at most).
  await page.waitForTimeout(12_000);
  const kept = await cachedUrls(page, 'app-files-');
  expect(kept.filter((url) => /\/assets\/orders-page-[\w-]+\.js$/.test(url))).toEqual([]);
  expect(kept.length).toBeLessThan(later.length / 2);
});
