import fs from 'node:fs';
import { startAplusStandin, type AplusStandin } from '../../server/src/test/standins/aplus.ts';
import { startKbzStandin, type KbzStandin } from '../../server/src/test/standins/kbzpay.ts';
import { startWaveStandin, type WaveStandin } from '../../server/src/test/standins/wave.ts';
import { expect, test, type APIRequestContext, type Page, keepScreenshot } from './fixtures.ts';
import { newIdentity, registerVerified, type Identity } from './auth-support.ts';
import { startOwnShop, type OwnShop } from './own-shop.ts';
import { apiSession, expectAccessible, productId, signInFromHome } from './shop-support.ts';

/**
 * Issue 27: a customer buys through each real acquirer's stand-in (apps/server/src/test/standins,
 * written from the providers' documented shapes; they check the shop's signatures with their own
 * code). The suite's shop pays with the sandbox bank, so this spec starts shops of its own, as an
 * owner would configure them: one with PAYMENT_PROVIDER=kbzpay,wave (MM QR through KBZPay, the
 * redirect through Wave), one with aplus (MM QR through ABank A+). The QR shown is the provider's;
 * the redirect goes to the stand-in's page and comes back to the shop; the order is paid by the
 * provider's callback and delivered. Screenshots in /tmp/shots-providers.
 */

const shots = '/tmp/shots-providers';
fs.mkdirSync(shots, { recursive: true });
const GIFT_CARD = 'Netflix Gift Card US$25';
const basePort = Number(process.env.E2E_PORT ?? 4173);

/** A signed-in customer of `shop` with a gift card in the cart, at Home in `lang`. */
async function customerWithCart(request: APIRequestContext, shop: OwnShop, lang: 'en' | 'my') {
  const person: Identity = newIdentity();
  await registerVerified(request, person, shop.dataDir);
  const added = await request.post('/api/v1/cart/add', {
    headers: await apiSession(request, person, lang),
    data: { productId: await productId(request, 'egift-cards', GIFT_CARD), quantity: 1 },
  });
  expect(added.status(), await added.text()).toBe(200);
  return person;
}

/**
 * Signs `person` in, reads the shop in `lang`, opens the checkout from the cart, picks `method`
 * (its radio's name) and pays.
 */
async function checkOut(page: Page, person: Identity, lang: 'en' | 'my', method?: string) {
  await signInFromHome(page, person);
  if (lang === 'my') await page.goto('/?lang=my');
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  const checkout = page.locator('.checkout-dialog');
  if (method) await checkout.getByRole('radio', { name: method }).check();
  await checkout.getByTestId('checkout-pay').click();
}

/** A new customer's checkout in English by MM QR, up to its QR (shown). */
async function qrOfNewOrder(page: Page, request: APIRequestContext, shop: OwnShop) {
  await checkOut(page, await customerWithCart(request, shop, 'en'), 'en');
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  return qr;
}

test.describe('KBZPay (MM QR) and Wave (redirect) in one shop', () => {
  test.describe.configure({ mode: 'serial' });
  const port = basePort + 21;
  test.use({ baseURL: `http://localhost:${String(port)}` });
  let kbz: KbzStandin;
  let wave: WaveStandin;
  let shop: OwnShop;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    kbz = await startKbzStandin();
    wave = await startWaveStandin();
    shop = await startOwnShop(
      port,
      { PAYMENT_PROVIDER: 'kbzpay,wave', ...kbz.env, ...wave.env },
      'providers',
    );
  });
  test.afterAll(async () => {
    await shop.stop();
    await Promise.all([kbz.close(), wave.close()]);
  });

  test('MM QR through KBZPay: the QR is KBZ’s, its signed callback pays, the card is delivered', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const qr = await qrOfNewOrder(page, request, shop);

    // The QR is what KBZ's precreate answered (signed by the shop, checked by the stand-in).
    const [order] = [...kbz.orders.values()];
    expect(order?.tradeType).toBe('PAY_BY_QRCODE');
    expect(kbz.seen.every((request) => request.signatureOk)).toBe(true);
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    expect(payload).toContain(`KBZPAY${order?.prepayId ?? '?'}`);
    await expectAccessible(page, '[role="dialog"]');
    await keepScreenshot(page, { path: `${shots}/kbzpay-qr.png` });

    // The customer pays in KBZPay: its signed callback, answered `success` once.
    const replies = await kbz.pay(order?.merchOrderId ?? '');
    expect(replies).toEqual([expect.objectContaining({ status: 200, body: 'success' })]);
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/Completed/, { timeout: 20_000 });
    await keepScreenshot(page, { path: `${shots}/kbzpay-paid.png` });
  });

  test('the redirect through Wave: WavePay’s page, back to the shop, paid by Wave’s callback (Burmese)', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Wave collects the direct transfer; MM QR stays with KBZPay.
    await checkOut(page, await customerWithCart(request, shop, 'my'), 'my', 'အွန်လိုင်း ငွေလွှဲ');
    const openBank = page.locator('.payment-wait a');
    await expect(openBank).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await keepScreenshot(page, { path: `${shots}/wave-waiting-my.png` });

    // WavePay's page opens beside the shop; Pay sends Wave's hashed callback and comes back.
    const [wavePage] = await Promise.all([page.context().waitForEvent('page'), openBank.click()]);
    await expect(wavePage.getByRole('heading', { name: 'WavePay (stand-in)' })).toBeVisible();
    expect(wave.refusedHash).toBe(0);
    await wavePage.getByRole('button', { name: 'Pay' }).click();
    await expect(wavePage).toHaveURL(new RegExp(`^${shop.url}/orders`));
    // The shop's page that waited sees the payment.
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/ပြီးဆုံး/, { timeout: 20_000 });
    await keepScreenshot(page, { path: `${shots}/wave-paid-my.png` });
  });
});

test.describe('ABank A+ (MM QR)', () => {
  const port = basePort + 22;
  test.use({ baseURL: `http://localhost:${String(port)}` });
  let aplus: AplusStandin;
  let shop: OwnShop;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    aplus = await startAplusStandin();
    shop = await startOwnShop(port, { PAYMENT_PROVIDER: 'aplus', ...aplus.env }, 'providers');
  });
  test.afterAll(async () => {
    await shop.stop();
    await aplus.close();
  });

  test('the QR is ABank’s; the unsigned callback pays only once the enquiry says paid', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const qr = await qrOfNewOrder(page, request, shop);
    const [order] = [...aplus.orders.values()];
    const orderId = order?.orderId ?? '';
    expect(await qr.getAttribute('data-payload')).toContain(`APLUS${orderId}`);

    // A callback before the customer paid: the enquiry says pending, nothing is paid.
    await aplus.callback(orderId, { orderId, status: 'SUCCESS', amount: String(order?.amount) });
    // The page's next status poll (every 3 s), asked after the callback was answered.
    const poll = await page.waitForRequest((req) => req.url().includes('/payment-status'));
    const answer = (await (await poll.response())?.json()) as { data: { paymentStatus: string } };
    expect(answer.data.paymentStatus).toBe('pending');
    await expect(qr).toBeVisible();

    // Paid: the callback makes the shop ask, and the enquiry's answer pays.
    aplus.settle(orderId, 200);
    await aplus.callback(orderId, { orderId, status: 'SUCCESS', amount: String(order?.amount) });
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 20_000 });
    await page.reload();
    await expect(page.getByTestId('order-status')).toHaveText(/Completed/, { timeout: 20_000 });
    await keepScreenshot(page, { path: `${shots}/aplus-paid.png` });
  });
});
