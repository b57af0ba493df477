import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test('lists the seeded categories in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
    const grid = page.getByTestId('category-grid');
    await expect(grid.getByRole('link', { name: 'Mobile Top-up' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Data Package' })).toBeVisible();
    await expect(grid.getByRole('link', { name: 'Local E-PINs' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('lists the seeded categories in Burmese with ?lang=my', async ({ page }) => {
    await page.goto('/?lang=my');
    await expect(page.locator('html')).toHaveAttribute('lang', 'my');
    await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
    const grid = page.getByTestId('category-grid');
    await expect(grid.getByRole('link').first()).toBeVisible();
    const names = await grid.getByRole('link').allInnerTexts();
    // Seven categories: the first three, then the '+N more' tile (spec §9).
    expect(names).toHaveLength(3);
    // Category names come from the API in Burmese (Unicode Myanmar block).
    expect(names.every((n) => /[\u1000-\u109F]/.test(n))).toBe(true);
    await grid.getByRole('button', { name: 'နောက်ထပ် +၄ ခု' }).click();
    await expect(page.getByTestId('more-categories').getByRole('link')).toHaveCount(4);
    const rest = await page.getByTestId('more-categories').getByRole('link').allInnerTexts();
    expect(rest.every((n) => /[\u1000-\u109F]/.test(n))).toBe(true);
  });

  test('the language toggle switches to Burmese, sets ?lang=my and remembers the choice', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to Burmese' }).click();
    await expect(page).toHaveURL(/[?&]lang=my/);
    await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: 'အမျိုးအစားများ' })).toBeVisible();
    await page.getByRole('button', { name: 'အင်္ဂလိပ်ဘာသာသို့ ပြောင်းရန်' }).click();
    await expect(page).not.toHaveURL(/lang=/);
    await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
  });
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
});

test('Home paints its header and first banner before the app has loaded, then the app takes over', async ({
  page,
}, testInfo) => {
  const shell = page.locator('.static-shell');
  const shellBanner = shell.locator('picture:not(.static-shell__backdrop) img');
  // Without the app's JavaScript (still on its way over slow data) the server's first paint shows.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(shell).toBeVisible();
  await expect(shellBanner).toHaveJSProperty('complete', true);
  expect(await shellBanner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  // It never takes a click meant for the app beneath it.
  await expect(shell).toHaveCSS('pointer-events', 'none');
  await page.screenshot({ path: testInfo.outputPath('home-before-app.png') });

  // With the app but the banners still on their way, the reader's first key or touch removes it,
  // so it never hides a control somebody is reaching for.
  await page.unroute('**/assets/*.js');
  let releaseBanners = () => {};
  const bannersHeld = new Promise<void>((resolve) => {
    releaseBanners = resolve;
  });
  await page.route('**/api/v1/ads/banner', async (route) => {
    await bannersHeld;
    await route.continue();
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Switch to Burmese' })).toBeVisible();
  await expect(shell).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(shell).toHaveCount(0);
  releaseBanners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // Left alone, the carousel's own first banner replaces it.
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Promotions' })).toBeVisible();
  await expect(shell).toHaveCount(0);
  await page.getByRole('button', { name: 'Switch to Burmese' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
});
