import {
  expect,
  test,
  type APIRequestContext,
  type Page,
  type TestInfo,
  keepScreenshot,
} from './fixtures.ts';
import {
  addFromListing,
  checkOutWithQr,
  expectAccessible,
  payInSandbox,
  signedInCustomer,
  toCompletedOrder,
} from './shop-support.ts';

/**
 * Every payment received is recorded (issue 11, ADR 0017), in the browser: money the order could
 * not use is shown as a pending refund with its amount, and a refused payment leaves the order
 * open for Pay Again from the order page.
 */

test.describe.configure({ timeout: 150_000 });

/**
 * A signed-in customer with an MPT E-PIN 3,000 in the cart, the cart open; the test's full-page
 * screenshots by name.
 */
async function mptEpinInCart(page: Page, request: APIRequestContext, testInfo: TestInfo) {
  await signedInCustomer(page, request);
  await addFromListing(page, 'local-epins', /^MPT E-PIN 3,000 Ks$/, '1');
  await page.getByTestId('cart-button').click();
  return (name: string) =>
    keepScreenshot(page, {
      path: `/tmp/order-screens/${testInfo.project.name}-receipts-${name}.png`,
      fullPage: true,
    });
}

test('a QR paid twice: the order page shows the second payment as a pending refund (EN, MY)', async ({
  page,
  request,
}, testInfo) => {
  const shot = await mptEpinInCart(page, request, testInfo);
  const payload = await checkOutWithQr(page);
  for (let i = 0; i < 2; i++) await payInSandbox(request, payload);
  await toCompletedOrder(page);
  const refund = page.getByTestId('unapplied-refund');
  await expect(refund).toContainText('Refund pending: 3,000 Ks');
  await expect(refund).toContainText('It will be refunded to you.');
  await expectAccessible(page, '[data-testid="unapplied-refund"]');
  await shot('refund-en');

  await page.goto(`${new URL(page.url()).pathname}?lang=my`);
  await expect(page.getByTestId('unapplied-refund')).toContainText('ငွေပြန်အမ်းရန် ကျန်ရှိ- ၃,၀၀၀ ကျပ်');
  await expectAccessible(page, '[data-testid="unapplied-refund"]');
  await shot('refund-my');
});

test('a refused payment leaves the order open: Pay Again on the order page, then it completes', async ({
  page,
  request,
}, testInfo) => {
  const shot = await mptEpinInCart(page, request, testInfo);
  const refused = await checkOutWithQr(page);
  await payInSandbox(request, refused, 'failed');
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=failed$/, { timeout: 15_000 });
  await expect(page.getByTestId('payment-mismatch')).toHaveCount(0);
  const payAgain = page.getByTestId('pay-again');
  await expect(payAgain).toContainText('This order is still waiting for payment');
  await expectAccessible(page, '[data-testid="pay-again"]');
  await shot('pay-again-en');

  await page.goto(`${new URL(page.url()).pathname}?status=failed&lang=my`);
  await expect(page.getByTestId('pay-again')).toContainText('ဤအော်ဒါသည် ငွေပေးချေမှုကို စောင့်ဆိုင်းနေဆဲဖြစ်သည်');
  await expectAccessible(page, '[data-testid="pay-again"]');
  await shot('pay-again-my');

  await page.goto(`${new URL(page.url()).pathname}?status=failed&lang=en`);
  await page.getByTestId('pay-again').getByRole('button', { name: 'Pay Again' }).click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  const fresh = (await qr.getAttribute('data-payload')) ?? '';
  expect(fresh).not.toBe(refused);
  await payInSandbox(request, fresh);
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 15_000 });
  await toCompletedOrder(page);
  await expect(page.getByTestId('pay-again')).toHaveCount(0);
  await expect(page.getByTestId('unapplied-refund')).toHaveCount(0);
});
