import { expect, test, type Page, keepScreenshot } from './fixtures.ts';

/**
 * The shop opened under another host name than PUBLIC_URL's (here 127.0.0.1 while PUBLIC_URL is
 * localhost, as www vs apex would be): its own images are root-relative, so `img-src 'self'`
 * lets them load (issue 12, ADR 0023). Screenshots go to /tmp/numerals-shots/.
 */

const loaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.currentSrc || image.src,
      width: image.naturalWidth,
      fallback: image.dataset.fallback ?? null,
    })),
  );

test('the shop opened at 127.0.0.1 (PUBLIC_URL is localhost) shows its banners and product images', async ({
  page,
  baseURL,
}, testInfo) => {
  const other = new URL(baseURL ?? '');
  expect(other.hostname).toBe('localhost');
  other.hostname = '127.0.0.1';
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  await page.goto(new URL('/', other).toString());
  await expect(page.getByTestId('banner-carousel').locator('img').first()).toBeVisible();
  // Every banner and category image is the shop's own, from the host it was opened at, and loaded
  // — the banners not shown yet load lazily (ADR 0067): they are ours, the first one is loaded.
  const banners = await loaded(page, '[data-testid="banner-carousel"] img');
  expect(banners.every((i) => i.src.startsWith(`${other.origin}/media/`))).toBe(true);
  for (const selector of [
    '[data-testid="banner-carousel"] .banner-slide:first-child img',
    '[data-testid="category-grid"] img',
  ]) {
    await expect
      .poll(
        async () => {
          const images = await loaded(page, selector);
          return (
            images.length > 0 &&
            images.every(
              (i) =>
                i.src.startsWith(`${other.origin}/media/`) && i.width > 0 && i.fallback === null,
            )
          );
        },
        { message: selector },
      )
      .toBe(true);
  }
  await keepScreenshot(page, { path: `/tmp/numerals-shots/${testInfo.project.name}-127-home.png` });

  await page.goto(new URL('/product/mobile-topup', other).toString());
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // Product images load lazily: the first cards are on screen, the rest must at least be ours.
  await expect
    .poll(async () => {
      const images = await loaded(page, '[data-testid="product-card"] img');
      return images.slice(0, 2).every((i) => i.width > 0 && i.fallback === null);
    })
    .toBe(true);
  const products = await loaded(page, '[data-testid="product-card"] img');
  expect(products.length).toBeGreaterThan(2);
  expect(products.every((i) => i.src.startsWith(`${other.origin}/media/`))).toBe(true);
  await keepScreenshot(page, {
    path: `/tmp/numerals-shots/${testInfo.project.name}-127-listing.png`,
  });
  expect(blocked).toEqual([]);
});
