import { expect, test, keepScreenshot } from './fixtures.ts';
import { verifiedIdentity } from './auth-support.ts';
import {
  apiSession,
  epinAndTopUp,
  expectAccessible,
  paidOrder,
  productId,
  recipientEnding,
  signInFromHome,
  testScreens,
} from './shop-support.ts';

/**
 * Issue 26 "A half-delivered order is not 'Failed'" (ADR 0051): an E-PIN delivered with a top-up
 * the operator declined (…0000) is "Partly delivered" in the orders list and on the order page —
 * the card shown delivered with its code, the top-up not delivered with its refund, the invoice
 * and card list offered; a top-up the operator never answered (…8888; the server under test gives
 * its job up after 3 tries) says "We are checking this top-up with the operator", never "Failed"
 * nor "Try another number". English on the desktop, Burmese on the phone; axe; screenshots in
 * /tmp/partly-delivered.
 */

const shotDir = '/tmp/partly-delivered';
const DECLINED = '09250000000';

const text = {
  en: {
    partly: 'Partly delivered',
    checking: 'Checking with the operator',
    lineChecking: 'We are checking this top-up with the operator',
    delivered: 'Delivered',
    notDelivered: 'Not delivered',
    failed: /Failed|failed/,
    invoice: 'Generate invoice',
    refundPending: /^Refund pending: 1,000 Ks$/,
    failedFilter: 'Failed',
  },
  my: {
    partly: 'တစ်စိတ်တစ်ပိုင်း ပို့ဆောင်ပြီး',
    checking: 'အော်ပရေတာနှင့် စစ်ဆေးနေသည်',
    lineChecking: 'ဤငွေဖြည့်မှုကို အော်ပရေတာနှင့် စစ်ဆေးနေပါသည်',
    delivered: 'ပို့ဆောင်ပြီး',
    notDelivered: 'မပို့ဆောင်နိုင်ပါ',
    failed: /မအောင်မြင်ပါ|Failed/,
    invoice: null,
    refundPending: /^ငွေပြန်အမ်းရန် စောင့်ဆိုင်းဆဲ- ၁,၀၀၀ ကျပ်$/,
    failedFilter: 'မအောင်မြင်ပါ',
  },
};

test('a half-delivered order is "Partly delivered", an unconfirmed top-up is being checked, not failed', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { lang, shot } = testScreens(page, testInfo, shotDir, true);
  const words = text[lang];
  const person = await verifiedIdentity(request);
  const api = await apiSession(request, person, lang);
  const topup = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
  // A number of its own that the sandbox aggregator never answers (…8888). Bought first: the
  // partly delivered order's points raise the tier, and its discount would take a lone 1,000 Ks
  // top-up below the MM QR minimum.
  const silent = recipientEnding('8888');
  const checking = await paidOrder(
    request,
    api,
    [{ productId: topup, quantity: 1, phoneNumber: silent }],
    'failed',
  );
  const partly = await paidOrder(
    request,
    api,
    await epinAndTopUp(request, 'MPT E-PIN 3,000 Ks', DECLINED),
    'failed',
  );
  await signInFromHome(page, person);

  // The list: neither order says "Failed".
  await page.goto(`/orders?lang=${lang}`);
  const entryOf = (orderId: string) =>
    page.getByTestId('order-entry').filter({ has: page.locator(`a[href="/orders/${orderId}"]`) });
  await expect(entryOf(partly).locator('.order-badge')).toHaveText(words.partly);
  await expect(entryOf(checking).locator('.order-badge')).toHaveText(words.checking);
  expect(await page.locator('.orders-list').innerText()).not.toMatch(words.failed);
  // The top-up being checked may have arrived: its entry says no "Refund pending" (issue 26);
  // the declined one's refund is pending.
  await expect(entryOf(checking).getByTestId('order-refund')).toHaveCount(0);
  await expect(entryOf(partly).getByTestId('order-refund')).toHaveText(words.refundPending);
  await shot('1-orders-list');
  await expectAccessible(page, 'main');

  // The status filter offers "Partly delivered" and "Checking", each listing only its orders.
  const filter = page.getByTestId('orders-status-filter');
  await filter.selectOption({ label: words.partly });
  await expect(page).toHaveURL(/status=partly_delivered/);
  await expect(page.getByTestId('order-entry')).toHaveCount(1);
  await expect(entryOf(partly)).toHaveCount(1);
  await keepScreenshot(page, {
    path: `${shotDir}/${testInfo.project.name}-1b-filter-partly.png`,
    fullPage: true,
  });
  await filter.selectOption({ label: words.checking });
  await expect(page).toHaveURL(/status=checking/);
  await expect(page.getByTestId('order-entry')).toHaveCount(1);
  await expect(entryOf(checking)).toHaveCount(1);
  await filter.selectOption({ label: words.failedFilter });
  await expect(page.getByTestId('order-entry')).toHaveCount(0);

  // The partly delivered order: the card delivered with its code, the top-up with its refund.
  await page.goto(`/orders/${partly}?lang=${lang}`);
  await expect(page.locator('h1 .order-badge')).toHaveText(words.partly);
  await expect(page.getByTestId('order-status')).toHaveText(words.partly);
  const lines = page.getByTestId('refund-line');
  await expect(lines.nth(0).locator('.refund-line__state')).toHaveText(words.delivered);
  await expect(lines.nth(1).locator('.refund-line__state')).toHaveText(words.notDelivered);
  await expect(page.getByTestId('refund-amount')).toHaveText(/^(1,000|၁,၀၀၀) (Ks|ကျပ်)$/);
  await expect(page.getByTestId('card-serial')).toHaveCount(1);
  await expect(page.getByTestId('failed-order-help')).toHaveCount(0);
  await expect(page.locator('#order-downloads')).toBeVisible();
  if (words.invoice) await expect(page.getByRole('button', { name: words.invoice })).toBeVisible();
  // Only the declined top-up offers another number.
  await expect(page.getByTestId('try-another-number')).toHaveCount(1);
  if (lang === 'my') {
    expect(await page.locator('h1 .order-badge').innerText()).not.toMatch(/[A-Za-z0-9]/);
    await expect(lines.nth(0).locator('strong')).toHaveText(/× ၁$/);
  }
  await shot('2-partly-delivered-order');
  await expectAccessible(page, 'main');

  // The unconfirmed top-up: being checked, never "Failed", no "Try another number".
  await page.goto(`/orders/${checking}?lang=${lang}`);
  await expect(page.locator('h1 .order-badge')).toHaveText(words.checking);
  await expect(page.getByTestId('eload-result')).toHaveText(
    `${words.lineChecking}${lang === 'en' ? '.' : '။'}`,
  );
  await expect(page.getByTestId('refund-line').locator('.refund-line__state')).toHaveText(
    words.lineChecking,
  );
  await expect(page.getByTestId('try-another-number')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(words.failed);
  await expect(page.getByTestId('failed-order-help')).toHaveCount(0);
  if (lang === 'my')
    expect(await page.locator('h1 .order-badge').innerText()).not.toMatch(/[A-Za-z0-9]/);
  await shot('3-checking-order');
  await expectAccessible(page, 'main');
});
