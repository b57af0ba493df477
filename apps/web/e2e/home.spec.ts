import { expect, test } from './fixtures.ts';

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
  // The server renders the 404 page with its status (issue 26); it was 200 with the app page.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Categories' })).toBeVisible();
});
