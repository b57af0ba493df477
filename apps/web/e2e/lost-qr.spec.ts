import { expect, test, type Page } from './fixtures.ts';
import { verifiedIdentity } from './auth-support.ts';
import {
  addToCart,
  apiSession,
  expectAccessible,
  payInSandbox,
  productId,
  signInFromHome,
  testScreensOn390,
} from './shop-support.ts';

/**
 * Issue 26 "A lost QR comes back" (ADR 0054) and "the cart badge is right after payment": the
 * pending-payment pill survives a reload with the same QR; the unpaid order's page has Pay now
 * (the same QR while it can be paid) and Cancel (after the spec's confirmation); once paid, the
 * header's cart badge shows the emptied cart without a reload. English on the desktop, Burmese on
 * a 390 px phone; axe on the new dialog; screenshots in /tmp/shots-lostqr.
 */

test.describe.configure({ timeout: 150_000 });

const shotDir = '/tmp/shots-lostqr';
const EPIN = 'MPT E-PIN 1,000 Ks';

const words = {
  en: {
    waiting: 'This order is waiting for your payment',
    payNow: 'Pay now',
    cancel: 'Cancel order',
    confirm: 'Are you sure you want to cancel this order? This action cannot be undone.',
    no: 'No',
    yes: 'Yes, cancel',
  },
  my: {
    waiting: 'ဤအော်ဒါသည် သင့်ငွေပေးချေမှုကို စောင့်နေပါသည်',
    payNow: 'ယခု ပေးချေရန်',
    cancel: 'အော်ဒါ ပယ်ဖျက်ရန်',
    confirm: 'ဤအော်ဒါကို ပယ်ဖျက်ရန် သေချာပါသလား? ဤလုပ်ဆောင်ချက်ကို ပြန်ပြင်၍ မရပါ။',
    no: 'မလုပ်ပါ',
    yes: 'ဟုတ်ကဲ့၊ ပယ်ဖျက်မည်',
  },
};

/** A new customer signed in with one E-PIN in the cart, at checkout's QR. Answers its payload. */
async function atTheQr(page: Page, request: Parameters<typeof apiSession>[0], lang: 'en' | 'my') {
  const person = await verifiedIdentity(request);
  const api = await apiSession(request, person, lang);
  await addToCart(request, api, {
    productId: await productId(request, 'local-epins', EPIN),
    quantity: 1,
  });
  await signInFromHome(page, person);
  await page.goto(`/product/local-epins?lang=${lang}`);
  await expect(page.getByTestId('cart-badge')).toHaveText(lang === 'my' ? '၁' : '1');
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('checkout-pay').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  return { api, payload: (await qr.getAttribute('data-payload')) ?? '' };
}

test('the pending payment survives a reload; the order page pays the same QR or cancels the order', async ({
  page,
  request,
}, testInfo) => {
  const { lang, shot } = await testScreensOn390(page, testInfo, shotDir);
  const say = words[lang];
  const { api, payload } = await atTheQr(page, request, lang);

  // Minimised, then the page reloaded: the pill is back, and it opens the same QR.
  await page.getByTestId('payment-minimize').click();
  await expect(page.getByTestId('payment-expand')).toBeVisible();
  await page.reload();
  const pill = page.getByTestId('payment-expand');
  await expect(pill).toBeVisible({ timeout: 15_000 });
  await shot('1-pill-after-reload');
  await pill.click();
  await expect(page.getByTestId('payment-qr')).toHaveAttribute('data-payload', payload);
  await page.getByTestId('payment-minimize').click();

  // The order's page: waiting for payment, Pay now shows that same QR (not a new one).
  const pending = await request.get('/api/v1/orders?status=pending', { headers: api });
  const [order] = ((await pending.json()) as { data: { orderId: string }[] }).data;
  const orderId = order?.orderId ?? '';
  await page.goto(`/orders/${orderId}?lang=${lang}`);
  const box = page.getByTestId('pay-again');
  await expect(box).toContainText(say.waiting);
  await expectAccessible(page, '[data-testid="pay-again"]');
  await box.scrollIntoViewIfNeeded();
  await shot('2-order-waiting');
  await box.getByRole('button', { name: say.payNow }).click();
  await expect(page.getByTestId('payment-qr')).toHaveAttribute('data-payload', payload);
  await page.getByTestId('payment-minimize').click();

  // Cancel asks first (the spec's words); No keeps the order, Yes cancels it and ends the pill.
  await box.getByRole('button', { name: say.cancel }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText(say.confirm);
  await expectAccessible(page, '[role="alertdialog"]');
  await shot('3-cancel-confirm');
  await ask.getByRole('button', { name: say.no }).click();
  await expect(ask).toHaveCount(0);
  await expect(box.getByRole('button', { name: say.cancel })).toBeFocused();
  await box.getByRole('button', { name: say.cancel }).click();
  const cancelled = page.waitForResponse(
    (res) => res.url().endsWith('/cancel-payment') && res.request().method() === 'PUT',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: say.yes }).click();
  expect((await cancelled).status()).toBe(200);
  // The page reads the order again (a busy machine may take a while to answer).
  await expect(page.locator('h1 .order-badge')).toHaveAttribute('data-status', 'cancelled', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('payment-expand')).toHaveCount(0);
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
  await page.reload();
  await expect(page.locator('h1 .order-badge')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('payment-expand')).toHaveCount(0);
  await shot('4-cancelled');
});

test('once paid, the cart badge shows the emptied cart without a reload', async ({
  page,
  request,
}, testInfo) => {
  const { lang, shot } = await testScreensOn390(page, testInfo, shotDir);
  const { payload } = await atTheQr(page, request, lang);
  await payInSandbox(request, payload);
  // While the payment dialog still shows (delivered, or being delivered), the badge is gone.
  await expect(
    page.getByTestId('payment-success').or(page.getByTestId('payment-delivering')),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('cart-badge')).toHaveCount(0, { timeout: 10_000 });
  await shot('5-paid-badge');
});
