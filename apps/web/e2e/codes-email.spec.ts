import { expect, test } from './fixtures.ts';
import { readMessages } from './auth-support.ts';
import {
  addToCart,
  apiSession,
  expectAccessible,
  payInSandbox,
  productId,
  signedInCustomer,
  successToCompletedOrder,
  testScreens,
} from './shop-support.ts';

/**
 * Issue 26, "where the codes go" (ADR 0050): the checkout asks where the gift card's codes go
 * (the account's address until changed), so a daughter sends them to her mother; changing it keeps
 * the one order; the order page says where they went, and sends them again to another address.
 * English on the desktop, Burmese on the phone; axe on the dialog and the order page; screenshots
 * in /tmp/codes-email.
 */

const GIFT_CARD = 'Netflix Gift Card US$25';

const texts = {
  en: {
    invalid: 'Please enter a valid email address for your codes',
    sentTo: (email: string) => `Codes sent to ${email}`,
    resent: 'The codes e-mail is on its way',
  },
  my: {
    invalid: 'ကုဒ်များ လက်ခံရန် မှန်ကန်သော အီးမေးလ်လိပ်စာ ထည့်ပါ',
    sentTo: (email: string) => `ကုဒ်များကို ${email} သို့ ပို့ပြီးပါပြီ`,
    resent: 'ကုဒ်များပါသော အီးမေးလ်ကို ထပ်မံ ပို့နေပါသည်',
  },
};

test('the gift card codes go to the address given at checkout, and again to another', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  // What the buyer sees (the viewport), the codes section scrolled into it on the order page.
  const { lang, shot } = testScreens(page, testInfo, '/tmp/codes-email');
  const say = texts[lang];
  const run = `${Date.now().toString(36)}.${testInfo.project.name}`;
  const mum = `mum.${run}@example.com`;
  const aunt = `aunt.${run}@example.com`;
  const person = await signedInCustomer(page, request);
  const api = await apiSession(request, person, lang);
  await addToCart(request, api, {
    productId: await productId(request, 'egift-cards', GIFT_CARD),
    quantity: 1,
  });

  // Checkout: the codes go to the account's address until the buyer gives another.
  await page.goto(`/product/egift-cards?lang=${lang}`);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  const dialog = page.locator('.checkout-dialog');
  const field = dialog.getByTestId('codes-email-input');
  await expect(field).toHaveValue(person.email);
  const number = await dialog.locator('.checkout-dialog__number').textContent();
  await expectAccessible(page, '.checkout-dialog');
  await shot('1-checkout');

  // A wrong address is refused at the field, in the page's language.
  await field.fill('mum@');
  await field.press('Tab');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.ui-field__error')).toHaveText(say.invalid);
  await expectAccessible(page, '.checkout-dialog');
  await shot('2-checkout-invalid');

  // Mum's address: the same order (its number) takes it; still one order waiting for payment.
  await field.fill(mum.toUpperCase());
  await field.press('Tab');
  await expect(field).toHaveValue(mum);
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.locator('.checkout-dialog__number')).toHaveText(number ?? '');
  const pending = await request.get('/api/v1/orders?status=pending', { headers: api });
  const open = ((await pending.json()) as { data: { email: string }[] }).data;
  expect(open.map((o) => o.email)).toEqual([mum]);
  await shot('3-checkout-mum');

  await dialog.getByTestId('checkout-pay').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  const payload = (await qr.getAttribute('data-payload')) ?? '';
  await payInSandbox(request, payload);
  await successToCompletedOrder(page);

  // The order page says where the codes went, and they are in Mum's mailbox, not the buyer's.
  const where = page.getByTestId('codes-email');
  await expect(where).toHaveText(say.sentTo(mum));
  await where.scrollIntoViewIfNeeded();
  const orderNumber = /MT-\d{6}-[0-9A-Z]+/.exec(number ?? '')?.[0] ?? 'no order number';
  await expect.poll(() => readMessages(mum).length).toBe(1);
  expect(readMessages(mum)[0]?.subject).toContain(orderNumber);
  expect(readMessages(person.email).filter((m) => m.subject?.includes(orderNumber))).toEqual([]);
  await expectAccessible(page);
  await shot('4-order');

  // Send again, to the aunt: a wrong address first, then hers; the page shows the new one.
  await page.getByTestId('codes-resend-open').click();
  const again = page.getByTestId('codes-resend-email');
  await expect(again).toHaveValue(mum);
  await again.fill('aunt.example.com');
  await page.getByTestId('codes-resend-send').click();
  await expect(again).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.order-codes-resend .ui-field__error')).toHaveText(say.invalid);
  await expectAccessible(page);
  await shot('5-resend-invalid');
  await again.fill(aunt);
  await page.getByTestId('codes-resend-send').click();
  await expect(page.getByText(say.resent)).toBeVisible();
  await expect(where).toHaveText(say.sentTo(aunt));
  await expect.poll(() => readMessages(aunt).length, { timeout: 15_000 }).toBe(1);
  expect(readMessages(mum)).toHaveLength(1);
  await expectAccessible(page);
  await shot('6-resent');
});
