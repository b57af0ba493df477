import { expect, holdRequests, test, type Page } from './fixtures.ts';
import { completedEpinOrder } from './shop-support.ts';

/**
 * Issue 29: a first visit runs what the page needs and nothing else before the page is idle, and
 * a person who types into the server's HTML before the app has taken it over loses nothing.
 */

/** Marks the first idle moment after the load event, before any of the app's idle callbacks. */
const MARK_IDLE = () => {
  addEventListener('load', () => {
    requestIdleCallback(() => {
      (globalThis as { __idleAt?: number }).__idleAt = performance.now();
    });
  });
};

/** The scripts the server says the page needs (public/start.js: data-entry and data-preload). */
async function scriptsThePageNeeds(page: Page): Promise<string[]> {
  return page
    .locator('script[data-entry]')
    .evaluate((loader) => [
      loader.getAttribute('data-entry') ?? '',
      ...(loader.getAttribute('data-preload') ?? '').split(' ').filter(Boolean),
    ]);
}

/** The scripts fetched from /assets/ before the page was first idle after loading. */
async function scriptsBeforeIdle(page: Page): Promise<string[]> {
  await page.waitForFunction(() => (globalThis as { __idleAt?: number }).__idleAt !== undefined);
  return page.evaluate(() => {
    const idleAt = (globalThis as { __idleAt?: number }).__idleAt ?? 0;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime < idleAt)
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.startsWith('/assets/') && path.endsWith('.js'));
  });
}

/** Opens `url` cold and expects no script before the first idle moment beyond what it needs. */
async function expectOnlyNeededScriptsBeforeIdle(page: Page, url: string) {
  await page.addInitScript(MARK_IDLE);
  await page.goto(url);
  const needed = await scriptsThePageNeeds(page);
  expect(needed.length).toBeGreaterThan(1);
  const fetched = await scriptsBeforeIdle(page);
  expect(fetched.length).toBeGreaterThan(1);
  expect(fetched.filter((path) => !needed.includes(path))).toEqual([]);
}

for (const url of [
  '/',
  '/?lang=my',
  '/product/mobile-topup',
  '/product/data-package?lang=my',
  '/webapp/install',
]) {
  test(`${url} fetches no script before it is idle that its first paint does not need`, async ({
    page,
  }) => {
    await expectOnlyNeededScriptsBeforeIdle(page, url);
  });
}

test('a shared order (/sharewith/{id}) fetches no script before it is idle that its first paint does not need, in both languages', async ({
  page,
  request,
}) => {
  const { api: headers, orderId } = await completedEpinOrder(request);
  const shared = await request.post(`/api/v1/orders/${orderId}/share`, {
    headers,
    data: { type: 'gift' },
  });
  expect(shared.ok(), await shared.text()).toBe(true);
  const { data } = (await shared.json()) as { data: { shareUrl: string } };
  const path = new URL(data.shareUrl).pathname;
  await expectOnlyNeededScriptsBeforeIdle(page, path);
  const burmese = await page.context().newPage();
  await expectOnlyNeededScriptsBeforeIdle(burmese, `${path}?lang=my`);
});

test('a chunk fetched before the page is idle fails the check above (it can fail)', async ({
  page,
  request,
}) => {
  const list = (await (await request.get('/app-files.json')).json()) as { files: string[] };
  const other = list.files.find((path) => path.endsWith('.js')) ?? '';
  await page.addInitScript(MARK_IDLE);
  // What a feature loaded at start instead of after a tap would do: fetch its chunk at once.
  await page.addInitScript((file) => {
    addEventListener('DOMContentLoaded', () => {
      import(/* @vite-ignore */ file).catch(() => undefined);
    });
  }, other);
  await page.goto('/');
  const needed = await scriptsThePageNeeds(page);
  const fetched = await scriptsBeforeIdle(page);
  expect(needed).not.toContain(other);
  expect(fetched).toContain(other);
});

test('a phone number typed before the app has taken the listing over is kept and used', async ({
  context,
}) => {
  // A page of its own: the test's `page` waits for the app on every load (fixtures.ts).
  const page = await context.newPage();
  // The app's entry waits until the number has been typed into the server's HTML.
  const release = await holdRequests(page, /\/assets\/index-[\w-]+\.js$/);
  await page.goto('/product/mobile-topup', { waitUntil: 'domcontentloaded' });
  const phone = page.getByLabel('Phone number to top up');
  await expect(phone).toBeVisible();
  expect(await page.locator('html[data-page-ready]').count()).toBe(0);
  await phone.pressSequentially('09791234567');
  release();
  await expect(page.locator('html[data-page-ready]')).toHaveCount(1);
  await expect(phone).toHaveValue('09791234567');
  // The app has the number, not only the field: it picked the number's operator (ATOM: 097).
  await expect(page.getByRole('radio', { name: 'ATOM' })).toBeChecked();
});
