import fs from 'node:fs';
import { expect, test, type APIRequestContext, keepScreenshot } from './fixtures.ts';
import { readMessages, verifiedIdentity } from './auth-support.ts';
import {
  addToCart,
  apiSession,
  expectAccessible,
  productId,
  signInFromHome,
} from './shop-support.ts';

/**
 * Issue 12 "Money told truthfully" (ADR 0020): a top-up to a number the sandbox aggregator declines
 * (…0000) never shows "Payment successful": the payment modal, the order page and the order list
 * show the refund — amount, where it goes, when, its status — and the failure e-mail is sent; a
 * part that failed says "A part of this order"; "Try another number" puts the top-up back in the
 * cart at its number field. Support claims follow the call-centre hours. Screenshots go to
 * /tmp/refunds/.
 */

const shotDir = '/tmp/refunds';
const FAILING_NUMBER = '09250000000';
const GOOD_NUMBER = '09250000001';
/** "Payment successful" in either language: never shown for a failed order. */
const PAYMENT_SUCCESSFUL = /Payment successful|ငွေပေးချေမှု အောင်မြင်ပါသည်/;
/** Kyat in Burmese, with Latin or Burmese digits (the numeral helper may switch them). */
const kyatMy = (latin: string, burmese: string) => new RegExp(`(${latin}|${burmese}) ကျပ်`);

/** Puts an MPT top-up (by its English name) for `phoneNumber` in the cart. */
async function addTopup(
  request: APIRequestContext,
  headers: Record<string, string>,
  name: string,
  phoneNumber: string,
) {
  const id = await productId(request, 'mobile-topup', name);
  await addToCart(request, headers, { productId: id, quantity: 1, phoneNumber });
  return id;
}

test('a top-up to a failing number: the modal, the order page and the list show the refund, the e-mail is sent, "Try another number" (Burmese, 390 px)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  fs.mkdirSync(shotDir, { recursive: true });
  const shot = (name: string) =>
    keepScreenshot(page, { path: `${shotDir}/${testInfo.project.name}-${name}.png` });
  const person = await verifiedIdentity(request);
  const api = await apiSession(request, person, 'my');
  const productId = await addTopup(request, api, 'MPT Top-up 1,000 Ks', FAILING_NUMBER);
  await signInFromHome(page, person);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=my');

  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('checkout-pay').click();
  const payload = await page.getByTestId('payment-qr').getAttribute('data-payload');
  const paid = await request.post('/api/v1/sandbox/bank/pay', { data: { qrPayload: payload } });
  expect(paid.ok(), await paid.text()).toBe(true);

  // The payment modal: what happened and the refund, never "Payment successful".
  const modal = page.getByRole('dialog', { name: 'ဤအော်ဒါကို ပို့ဆောင်၍ မရပါ' });
  await expect(modal.getByTestId('refund-outcome')).toBeVisible({ timeout: 20_000 });
  await expect(modal.getByTestId('refund-status')).toHaveText('ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ');
  await expect(modal.getByTestId('refund-amount')).toHaveText(kyatMy('1,000', '၁,၀၀၀'));
  await expect(modal.getByTestId('refund-destination')).toHaveText(
    'သင်ငွေပေးချေခဲ့သော ဘဏ်အကောင့် သို့မဟုတ် ဝေါလက်',
  );
  await expect(modal).toContainText(/အလုပ်ရက် (7|၇) ရက်အတွင်း/);
  await expect(modal.getByTestId('refund-line')).toContainText('ဤနံပါတ်သို့ အော်ပရေတာမှ ငွေဖြည့်၍ မရပါ');
  await expect(modal).not.toContainText('တစ်စိတ်တစ်ပိုင်း');
  await expect(page.getByText(PAYMENT_SUCCESSFUL)).toHaveCount(0);
  await expectAccessible(page, '[role="dialog"]');
  await shot('1-payment-modal');

  // The order page behind it says the same; the payment status is the refund's.
  await modal.getByRole('button', { name: 'အော်ဒါအသေးစိတ် ကြည့်ရန်' }).click();
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success/);
  const outcome = page.getByTestId('refund-outcome');
  await expect(outcome.getByRole('heading', { name: 'ဤအော်ဒါကို ပို့ဆောင်၍ မရပါ' })).toBeVisible();
  await expect(outcome.getByTestId('refund-status')).toHaveText('ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ');
  await expect(page.getByTestId('payment-status')).toHaveText('ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ');
  await expect(page.getByTestId('payment-mismatch')).toHaveCount(0);
  await expect(page.getByText(PAYMENT_SUCCESSFUL)).toHaveCount(0);
  await expectAccessible(page, 'main');
  await outcome.scrollIntoViewIfNeeded();
  await shot('2-order-page');

  // The failure e-mail, in Burmese, once.
  const orderNumber = /MT-\d{6}-[0-9A-Z]{8}/.exec(
    (await page.getByRole('heading', { level: 1 }).textContent()) ?? '',
  )?.[0];
  await expect
    .poll(() => readMessages(person.email).filter((m) => (m.subject ?? '').includes('ပို့ဆောင်၍ မရပါ')))
    .toHaveLength(1);
  const [mail] = readMessages(person.email).filter((m) =>
    (m.subject ?? '').includes('ပို့ဆောင်၍ မရပါ'),
  );
  expect(mail?.subject).toBe(`အော်ဒါ ${orderNumber ?? '?'} ကို ပို့ဆောင်၍ မရပါ`);
  expect(mail?.text).toContain('အခြေအနေ- ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ။');

  // The order list shows the refund state.
  await page.goto('/orders?lang=my');
  const entry = page.getByTestId('order-entry').filter({ hasText: orderNumber ?? '?' });
  await expect(entry.getByTestId('order-refund')).toHaveText(
    kyatMy('ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ- 1,000', 'ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ- ၁,၀၀၀'),
  );
  await expectAccessible(page, 'main');
  await shot('3-order-list');

  // "Try another number": the same top-up back in the cart, its number field focused and empty.
  await entry.getByRole('link', { name: 'အသေးစိတ် ကြည့်ရန်' }).click();
  await page.getByTestId('try-another-number').click();
  const drawer = page.getByRole('dialog', { name: 'သင့်ခြင်းတောင်း' });
  const phone = drawer.getByTestId('cart-phone-input');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveValue('');
  await expectAccessible(page, '[role="dialog"]');
  await shot('4-try-another-number');
  const cart = await request.get('/api/v1/cart', { headers: api });
  const lines = ((await cart.json()) as { data: { items: { productId: string }[] } }).data.items;
  expect(lines.map((l) => l.productId)).toEqual([productId]);
});

test('a part failed: "A part of this order" on the order page and in the list; the rest delivered (English)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const person = await verifiedIdentity(request);
  const api = { ...(await apiSession(request, person, 'my')), 'accept-language': 'en' };
  await addTopup(request, api, 'MPT Top-up 1,000 Ks', GOOD_NUMBER);
  await addTopup(request, api, 'MPT Top-up 3,000 Ks', FAILING_NUMBER);
  const init = await request.post('/api/v1/checkout/initialize', { headers: api, data: {} });
  expect(init.ok(), await init.text()).toBe(true);
  const { orderId } = ((await init.json()) as { data: { orderId: string } }).data;
  const complete = await request.post('/api/v1/checkout/complete', {
    headers: api,
    data: { sessionId: orderId, paymentMethod: 'mmqr' },
  });
  const qr = ((await complete.json()) as { data: { paymentQrCode: string } }).data.paymentQrCode;
  expect((await request.post('/api/v1/sandbox/bank/pay', { data: { qrPayload: qr } })).ok()).toBe(
    true,
  );

  await signInFromHome(page, person);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/orders/${orderId}`);
  const outcome = page.getByTestId('refund-outcome');
  await expect(
    outcome.getByRole('heading', { name: 'A part of this order could not be delivered' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(outcome).toContainText('The rest of the order was delivered.');
  await expect(outcome.getByTestId('refund-amount')).toHaveText('3,000 Ks');
  await expect(outcome.getByTestId('refund-line')).toHaveText([
    /MPT Top-up 1,000 Ks × 1 Top-up to 09 250 000 001 \(MPT\) Delivered/,
    /MPT Top-up 3,000 Ks × 1 Top-up to 09 250 000 000 \(MPT\) Not delivered/,
  ]);
  await expect(outcome.getByTestId('try-another-number')).toHaveCount(1);
  await expect(page.getByText(PAYMENT_SUCCESSFUL)).toHaveCount(0);
  await expectAccessible(page, 'main');
  await keepScreenshot(outcome, { path: `${shotDir}/${testInfo.project.name}-5-partial-en.png` });
  await page.goto('/orders');
  await expect(page.getByTestId('order-refund')).toHaveText('Refund pending: 3,000 Ks');
  const mail = readMessages(person.email).find((m) =>
    (m.subject ?? '').startsWith('A part of order'),
  );
  expect(mail?.text).toContain(
    'MPT Top-up 1,000 Ks × 1 (Top-up to 09 250 000 001 (MPT)): delivered',
  );
});

test('support claims follow the call-centre hours (Monday–Friday 09:00–17:00): never "24/7" (Burmese, 390 px, and English)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=my');
  const claim = page.getByTestId('support-claim');
  await expect(claim).toHaveText(
    /^ကျွန်ုပ်တို့၏ ဖုန်းဝန်ဆောင်မှုဌာနကို တနင်္လာမှ သောကြာ၊ (09:00–17:00|၀၉:၀၀–၁၇:၀၀) \(မြန်မာစံတော်ချိန်\) ဖွင့်ထားပါသည်။$/,
  );
  await expect(page.locator('main')).not.toContainText('၂၄ နာရီ');
  await expectAccessible(page, '.highlights');
  await claim.scrollIntoViewIfNeeded();
  await keepScreenshot(page, { path: `${shotDir}/${testInfo.project.name}-6-home-claim-my.png` });
  await page.goto('/about-us?lang=my');
  await expect(page.getByTestId('about-why')).toContainText('ဖုန်းဖြင့် ဖောက်သည်ဝန်ဆောင်မှု၊ တနင်္လာမှ သောကြာ');
  await expect(page.locator('main')).not.toContainText('၂၄ နာရီ');
  await expectAccessible(page, 'main');
  await page.goto('/?lang=en');
  await expect(page.getByTestId('support-claim')).toHaveText(
    'Our call centre is open Monday–Friday, 09:00–17:00 (Myanmar time).',
  );
  await expect(page.locator('main')).not.toContainText('24/7');
  await page.goto('/about-us?lang=en');
  await expect(page.getByTestId('about-why')).not.toContainText('24/7');
});
