import { expect, test, type APIRequestContext, keepScreenshot } from './fixtures.ts';
import { type Identity, verifiedIdentity } from './auth-support.ts';
import { signInFromHome } from './shop-support.ts';

/**
 * Lists and navigation (issue 12): "Name A–Z" sorts numbers by value, page 2 of the orders says
 * which orders it shows, and a new page opens at the top while Back and Forward return to where
 * the reader was. Screenshots go to /tmp/numerals-shots/.
 */

/** `count` orders for `person`, made through the API (each a different cart, so a new order). */
async function createOrders(request: APIRequestContext, person: Identity, count: number) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: person.email, password: person.password },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' };
  const list = await request.get(
    '/api/v1/products/category/mobile-topup?sortField=price&operator=MPT',
    {
      headers,
    },
  );
  const productId = ((await list.json()) as { data: { id: string }[] }).data[0]?.id ?? '';
  for (let quantity = 1; quantity <= count; quantity++) {
    const data = { productId, quantity, phoneNumber: '09250000123' };
    const cart =
      quantity === 1
        ? await request.post('/api/v1/cart/add', { headers, data })
        : await request.put('/api/v1/cart/update', { headers, data });
    expect(cart.status(), await cart.text()).toBe(200);
    const order = await request.post('/api/v1/checkout/initialize', { headers });
    expect(order.status(), await order.text()).toBe(201);
  }
}

test('page 2 of 15 orders says "Showing 11–15 of 15 orders" and opens at the top', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const person = await verifiedIdentity(request);
  await createOrders(request, person, 15);
  await signInFromHome(page, person);

  await page.goto('/orders');
  await expect(page.getByTestId('orders-count')).toHaveText('Showing 1–10 of 15 orders', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-entry')).toHaveCount(10);
  const next = page.getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await next.click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByTestId('orders-count')).toHaveText('Showing 11–15 of 15 orders', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-entry')).toHaveCount(5);
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  // Another page of the list starts at its top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await keepScreenshot(page, {
    path: `/tmp/numerals-shots/${testInfo.project.name}-orders-page-2.png`,
  });
});

test('"Name: A to Z" puts 1,000 before 3,000 before 10,000', async ({ page }) => {
  await page.goto('/product/mobile-topup?operator=MPT&sort=name-asc');
  const names = page.getByTestId('product-card').getByRole('heading', { level: 3 });
  await expect(names).toHaveText([
    'MPT Top-up 1,000 Ks',
    'MPT Top-up 3,000 Ks',
    'MPT Top-up 5,000 Ks',
    'MPT Top-up 10,000 Ks',
  ]);
  await page.goto('/product/mobile-topup?operator=MPT&sort=name-desc');
  await expect(names).toHaveText([
    'MPT Top-up 10,000 Ks',
    'MPT Top-up 5,000 Ks',
    'MPT Top-up 3,000 Ks',
    'MPT Top-up 1,000 Ks',
  ]);
});

test('a new page opens at the top; Back and Forward return to where the reader was', async ({
  page,
}) => {
  await page.goto('/product/mobile-topup');
  await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
  const scrollY = () => page.evaluate(() => Math.round(window.scrollY));
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
  // To the bottom, where the footer is (a plain scroll: no pinch-zoom offset on phones).
  await page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await expect(footerLink).toBeInViewport();
  const listingY = await scrollY();
  expect(listingY).toBeGreaterThan(200);

  await footerLink.click();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  await expect.poll(scrollY).toBe(0);
  // Read a little way down the About page.
  await page.evaluate(() => {
    window.scrollTo(0, 150);
  });
  await expect.poll(scrollY).toBe(150);

  await page.goBack();
  await expect(page).toHaveURL(/\/product\/mobile-topup$/);
  await expect.poll(scrollY).toBe(listingY);

  await page.goForward();
  await expect(page).toHaveURL(/\/about-us$/);
  await expect.poll(scrollY).toBe(150);
});
