import { expect, test, type Page } from './fixtures.ts';

/**
 * Issue 14: the pages a first visit lands on arrive as HTML with their content, in the reader's
 * language, and the app then attaches to that HTML (hydration) without throwing it away.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Home has its banners and categories, in English and in Burmese', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByRole('region', { name: 'Promotions' }).locator('img').first(),
    ).toBeVisible();
    const grid = page.getByTestId('category-grid');
    await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Mobile Top-up' })).toBeVisible();

    await page.goto('/?lang=my');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
    await expect(grid.getByRole('link')).toHaveCount(3);
    await expect(page.getByText('Categories', { exact: true })).toHaveCount(0);
  });

  test('a listing has its products and prices, in English and in Burmese', async ({ page }) => {
    await page.goto('/product/mobile-topup');
    await expect(page.getByRole('heading', { level: 1, name: 'Mobile Top-up' })).toBeVisible();
    // Shopping spec §9 "Page defaults": 10 products a page (issue 31).
    await expect(page.getByTestId('product-card')).toHaveCount(10);
    await expect(page.getByTestId('product-price').first()).toHaveText(/^[\d,]+ Ks/);

    await page.goto('/product/mobile-topup?operator=MPT&sort=price-desc');
    const prices = await page.getByTestId('product-price').locator('strong').allInnerTexts();
    const kyat = prices.map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(kyat.length).toBeGreaterThan(1);
    expect(kyat).toEqual([...kyat].sort((a, b) => b - a));

    await page.goto('/product/mobile-topup?lang=my');
    await expect(page.getByTestId('product-price').first()).toHaveText(/^[၀-၉,]+ ကျပ်$/);
  });

  test('the language follows the cookie, then the browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      locale: 'my-MM',
      extraHTTPHeaders: { 'Accept-Language': 'my-MM,my;q=0.9,en;q=0.5' },
    });
    const page = await context.newPage();
    await page.goto('/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await context.addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
    await page.goto('/about-us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    await context.close();
  });
});

/** Fails the test on anything React says about hydration, and on any script the CSP refused. */
function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|Minified React error|Content Security Policy/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('Home and a listing hydrate without a mismatch, in both languages', async ({ page }) => {
  const problems = watchHydration(page);
  for (const url of [
    '/',
    '/?lang=my',
    '/product/mobile-topup',
    '/product/data-package?lang=my',
    '/about-us?lang=my',
    '/support',
  ]) {
    await page.goto(url);
    // Hydrated: the app's handlers work on the server's HTML.
    await expect(page.locator('html[data-page-ready]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(problems, url).toEqual([]);
  }
  // The app took the page over: the language switch works on the rendered page.
  await page.goto('/?lang=en');
  await expect(page.locator('html[data-page-ready]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Switch to Burmese' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a page whose HTML differs from what the app renders is reported (the check above can fail)', async ({
  page,
}) => {
  const problems = watchHydration(page);
  await page.route('**/about-us', async (route) => {
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<footer\b/, '<aside')
      .replace('</footer>', '</aside>');
    await route.fulfill({ response, body: html });
  });
  await page.goto('/about-us');
  await expect(page.locator('html[data-page-ready]')).toHaveCount(1);
  await expect.poll(() => problems.join('\n')).toContain('Hydration error');
});
