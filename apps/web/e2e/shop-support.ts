import AxeBuilder from '@axe-core/playwright';
import { REFRESH_TRANSPORT_HEADER } from '@shop/contracts/auth-rules';
import fs from 'node:fs';
import {
  expect,
  type APIRequestContext,
  type Page,
  type TestInfo,
  keepScreenshot,
} from './fixtures.ts';
import {
  ACCESS_TOKEN_KEY,
  REFRESH_CREDENTIAL_KEY,
  REFRESH_CREDENTIAL_MARKER,
  USER_COOKIE,
} from '../src/lib/token-storage.ts';
import { verifiedIdentity, type Identity } from './auth-support.ts';

/** Helpers for the shopping browser tests: sign in, fill the cart, check out. */

export const productCard = (page: Page, name: RegExp) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name }) });

/**
 * The `nth` product card with stock, pinned by its place in the list (the same in both languages):
 * the suite's other buyers share the shop's cards, and a sold-out card's button is disabled (a
 * click on it waited out the test: CI 2026-12-02, and a run with three workers, 2026-12-04).
 */
export async function cardInStock(page: Page, nth = 0) {
  const cards = page.getByTestId('product-card');
  const inStock = '[data-testid="add-to-cart"]:not([disabled])';
  await cards
    .filter({ has: page.locator(inStock) })
    .nth(nth)
    .waitFor();
  const place = await cards.evaluateAll(
    (all, [n, selector]) => all.flatMap((card, i) => (card.querySelector(selector) ? [i] : []))[n],
    [nth, inStock] as const,
  );
  return cards.nth(place ?? nth);
}

/**
 * A signed-in tab on Home without the Login dialog's clicks (the auth specs walk that dialog):
 * the login call goes through the tab's own cookie jar, so the server's HttpOnly refresh cookie
 * lands where a dialog login puts it, and the session reaches the app through the cookies the app
 * itself writes beside storage (src/lib/token-storage.ts), which it recovers at start.
 */
export async function signInFromHome(page: Page, person: Identity) {
  const login = await page.request.post('/api/v1/auth/login', {
    headers: { [REFRESH_TRANSPORT_HEADER]: 'cookie' },
    data: { email: person.email, password: person.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken, user } = (await login.json()) as { accessToken: string; user: unknown };
  const url = new URL(login.url()).origin;
  await page.context().addCookies(
    Object.entries({
      [ACCESS_TOKEN_KEY]: accessToken,
      [REFRESH_CREDENTIAL_KEY]: REFRESH_CREDENTIAL_MARKER,
      [USER_COOKIE]: JSON.stringify(user),
    }).map(([name, value]) => ({
      name,
      value: encodeURIComponent(value),
      url,
      sameSite: 'Lax' as const,
    })),
  );
  await page.goto('/');
  // The account button names the person once the app has recovered the session.
  await expect(page.getByRole('button', { name: person.name })).toBeVisible();
}

/** A new customer (verifiedIdentity), signed in on Home; answers the person. */
export async function signedInCustomer(page: Page, request: APIRequestContext) {
  const person = await verifiedIdentity(request);
  await signInFromHome(page, person);
  return person;
}

/** Adds a product from its category listing and waits for the badge to show `badge`. */
export async function addFromListing(page: Page, slug: string, name: RegExp, badge: string) {
  await page.goto(`/product/${slug}`);
  await productCard(page, name).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toHaveText(badge);
}

/**
 * Opens the cart drawer and types the recipient number of its (one) top-up line; the line saves
 * it by itself (no Save button) and says so.
 */
export async function saveRecipientNumber(page: Page, phone: string) {
  await page.getByTestId('cart-button').click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.getByTestId('cart-phone-input').fill(phone);
  await expect(drawer.getByTestId('cart-phone-status')).toHaveText(/Number saved/);
  return drawer;
}

/** From the open drawer: checkout with the default method (MM QR); answers the QR payload. */
export async function checkOutWithQr(page: Page) {
  await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-checkout').click();
  await page.getByRole('dialog', { name: 'Checkout' }).getByTestId('checkout-pay').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  return (await qr.getAttribute('data-payload')) ?? '';
}

/** The customer's own API session (the same account as the browser): cart set-up, order reads. */
export async function apiSession(
  request: APIRequestContext,
  person: Identity,
  language: 'en' | 'my' = 'en',
) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: person.email, password: person.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}`, 'accept-language': language };
}

/** The id of the product called `name` (its English name) in the category `slug`. */
export async function productId(request: APIRequestContext, slug: string, name: string) {
  const list = await request.get(`/api/v1/products/category/${slug}?limit=50`, {
    headers: { 'accept-language': 'en' },
  });
  const products = ((await list.json()) as { data: { id: string; name: string }[] }).data;
  const product = products.find((p) => p.name === name);
  expect(product, name).toBeDefined();
  return product?.id ?? '';
}

/** A line of a cart: a product, how many, and the number a top-up goes to. */
export interface CartLine {
  productId: string;
  quantity: number;
  phoneNumber?: string;
}

/** Adds `line` to the cart through the API (the customer's session `headers`): answered 200. */
export async function addToCart(
  request: APIRequestContext,
  headers: Record<string, string>,
  line: CartLine,
) {
  const added = await request.post('/api/v1/cart/add', { headers, data: line });
  expect(added.status(), await added.text()).toBe(200);
}

/**
 * An order of `lines`, bought and paid in the sandbox bank through the API (the customer's
 * session `headers`), once it has ended as `status`. Answers its id.
 */
export async function paidOrder(
  request: APIRequestContext,
  headers: Record<string, string>,
  lines: readonly CartLine[],
  status: 'completed' | 'failed',
) {
  for (const line of lines) await addToCart(request, headers, line);
  const checkout = await request.post('/api/v1/checkout/initialize', { headers });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { data: order } = (await checkout.json()) as { data: { orderId: string } };
  const session = await request.post('/api/v1/checkout/complete', {
    headers,
    data: { sessionId: order.orderId, paymentMethod: 'mmqr' },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { data: payment } = (await session.json()) as { data: { paymentQrCode: string } };
  const paid = await request.post('/api/v1/sandbox/bank/pay', {
    data: { qrPayload: payment.paymentQrCode },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/v1/orders/${order.orderId}`, { headers });
        return ((await res.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 30_000 },
    )
    .toBe(status);
  return order.orderId;
}

/**
 * The lines of an order of one E-PIN (`epin`, its English name) and one MPT Top-up 1,000 Ks to
 * `recipient`: with a number the sandbox aggregator declines (…0000) the card is delivered and the
 * top-up is not (the order failed, shown "Partly delivered").
 */
export async function epinAndTopUp(request: APIRequestContext, epin: string, recipient: string) {
  const [epinId, topupId] = await Promise.all([
    productId(request, 'local-epins', epin),
    productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks'),
  ]);
  return [
    { productId: epinId, quantity: 1 },
    { productId: topupId, quantity: 1, phoneNumber: recipient },
  ];
}

/**
 * A new customer (verifiedIdentity; `dataDir`: of a shop a test started itself) with an order of
 * `lines` bought and paid through the API (paidOrder), once it has ended as `status`. Answers the
 * person, their API session (in `language`) and the order id.
 */
export async function newCustomerOrder(
  request: APIRequestContext,
  lines: Parameters<typeof paidOrder>[2],
  status: 'completed' | 'failed',
  { language = 'en', dataDir }: { language?: 'en' | 'my'; dataDir?: string } = {},
) {
  const person = await verifiedIdentity(request, dataDir);
  const api = await apiSession(request, person, language);
  const orderId = await paidOrder(request, api, lines, status);
  return { person, api, orderId };
}

/**
 * A new customer (their API session in `language`) with a completed order of one MPT E-PIN
 * 1,000 Ks, bought and paid through the API. Answers the person, the session and the order id.
 */
export async function completedEpinOrder(request: APIRequestContext, language: 'en' | 'my' = 'en') {
  const epin = await productId(request, 'local-epins', 'MPT E-PIN 1,000 Ks');
  return newCustomerOrder(request, [{ productId: epin, quantity: 1 }], 'completed', { language });
}

/**
 * Pays an MM QR in the sandbox bank, as the customer's banking app would; `outcome` 'failed': the
 * bank refuses the payment (its answer to the call is still ok).
 */
export async function payInSandbox(
  request: APIRequestContext,
  qrPayload: string,
  outcome?: 'failed',
) {
  const paid = await request.post('/api/v1/sandbox/bank/pay', {
    data: outcome ? { qrPayload, outcome } : { qrPayload },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

/** From the English success dialog of a payment to the order page, once the order has completed. */
export async function toCompletedOrder(page: Page) {
  await page
    .getByRole('dialog', { name: 'Payment successful' })
    .getByRole('button', { name: 'Go to order details' })
    .click();
  await expect(page.getByTestId('order-status')).toHaveText('Completed', { timeout: 20_000 });
}

/** From the success screen of a payment (either language) to the order page, once completed. */
export async function successToCompletedOrder(page: Page) {
  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible({ timeout: 15_000 });
  await success.getByRole('button').first().click();
  await expect(page.locator('h1 .order-badge')).toHaveAttribute('data-status', 'completed', {
    timeout: 20_000,
  });
}

/**
 * A recipient number of a test's own (three random digits) ending `suffix`: the sandbox aggregator
 * declines numbers ending 0000 and never answers those ending 8888.
 */
export const recipientEnding = (suffix: '0000' | '8888') =>
  `0925${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}${suffix}`;

/**
 * A new customer's MPT 1,000 Ks top-up to `recipient`, paid in the sandbox bank through the API,
 * once the order has ended failed (a declined or an unconfirmed top-up). Answers as
 * newCustomerOrder does.
 */
export async function failedTopUpOrder(request: APIRequestContext, recipient: string) {
  const topup = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
  const lines = [{ productId: topup, quantity: 1, phoneNumber: recipient }];
  return newCustomerOrder(request, lines, 'failed');
}

/**
 * axe (WCAG 2.1 A and AA) on the part of the page `selector` names: no violations. `soft` lets a
 * walk over many screens go on and report every screen's violations (titled `screen`) at the end.
 */
export async function expectAccessible(
  page: Page,
  selector = 'body',
  { soft = false, screen }: { soft?: boolean; screen?: string } = {},
) {
  // A part that is fading in (the cookie banner comes once the page is idle, issue 29) is read
  // at its final colours: finite animations are let finish first (2 s at most).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // axe runs in the page itself: the shop has no frames, and the default (run per frame, then
    // finish in a new blank page) opened a page for every check and took about twice as long.
    .setLegacyMode()
    .analyze();
  (soft ? expect.soft : expect)(
    results.violations.map(
      (v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
    screen,
  ).toEqual([]);
}

/**
 * Chromium's install prompt, as the browser fires it; `outcome` is the person's choice. Its
 * prompt() marks the page (`<html data-install-prompted="yes">`).
 */
export async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed' = 'dismissed') {
  await page.evaluate((answer) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        document.documentElement.dataset.installPrompted = 'yes';
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: answer }),
    });
    window.dispatchEvent(event);
  }, outcome);
}

/**
 * A test that runs in both languages: Burmese on the phone project, English on the desktop; and
 * its screenshots by name, in `dir` (made here), each named after the project.
 */
export function testScreens(page: Page, testInfo: TestInfo, dir: string, fullPage = false) {
  fs.mkdirSync(dir, { recursive: true });
  const lang: 'en' | 'my' = testInfo.project.name === 'mobile' ? 'my' : 'en';
  const shot = (name: string) =>
    keepScreenshot(page, { path: `${dir}/${testInfo.project.name}-${name}.png`, fullPage });
  return { lang, shot };
}

/** testScreens for a test whose Burmese run is on a 390 px phone (narrower than the project's). */
export async function testScreensOn390(
  page: Page,
  testInfo: TestInfo,
  dir: string,
  fullPage = false,
) {
  const screens = testScreens(page, testInfo, dir, fullPage);
  if (screens.lang === 'my') await page.setViewportSize({ width: 390, height: 844 });
  return screens;
}
