import { expect, test } from './fixtures.ts';
import {
  expectAccessible,
  payInSandbox,
  signedInCustomer,
  successToCompletedOrder,
  testScreens,
} from './shop-support.ts';

/**
 * Issue 26, "goes wrong silently": the same MPT top-up for Mum's number and then for Dad's became
 * one line of 2 for Dad's number, and the order topped up Dad twice. Now each number is its own
 * line, says which number it is for, changes alone, and reaches checkout, payment and the order
 * page as two recipients. English on the desktop, Burmese on the phone (the drawer's layout
 * differs); axe on the drawer and the dialogs; screenshots in /tmp/two-recipients.
 */

// Numbers ending 0000, 8888 or 9999 are the top-up simulator's faults.
const MUM = '09250008881';
const DAD = '09250009991';

const topUpTo = {
  en: (n: string) => `Top-up to ${n} (MPT)`,
  my: (n: string) => `${n} (MPT) သို့ ငွေဖြည့်ခြင်း`,
};
const digits = { en: ['1', '2', '3'], my: ['၁', '၂', '၃'] };

test('the same top-up for two numbers is two lines, two recipients, two top-ups', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const { lang, shot } = testScreens(page, testInfo, '/tmp/two-recipients');
  await signedInCustomer(page, request);

  await page.goto(`/product/mobile-topup?lang=${lang}`);
  const phone = page.getByTestId('listing-phone-input');
  const mptTopUp = page
    .getByTestId('product-card')
    .filter({ has: page.locator('[data-operator="MPT"]') })
    .first();
  await phone.fill(MUM);
  await mptTopUp.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toHaveText(digits[lang][0] ?? '');
  await phone.fill(DAD);
  await mptTopUp.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toHaveText(digits[lang][1] ?? '');

  // Two lines, each saying which number it is for.
  await page.getByTestId('cart-button').click();
  const drawer = page.getByRole('dialog');
  const lines = drawer.getByTestId('cart-line');
  await expect(lines).toHaveCount(2);
  const mumLine = lines.filter({ hasText: topUpTo[lang]('09 250 008 881') });
  const dadLine = lines.filter({ hasText: topUpTo[lang]('09 250 009 991') });
  await expect(mumLine.getByTestId('cart-phone-input')).toHaveValue(MUM);
  await expect(dadLine.getByTestId('cart-phone-input')).toHaveValue(DAD);

  // One more for Dad changes Dad's line only.
  await dadLine.locator('.cart-stepper button').last().click();
  await expect(dadLine.getByTestId('cart-quantity')).toHaveValue(digits[lang][1] ?? '');
  await expect(mumLine.getByTestId('cart-quantity')).toHaveValue(digits[lang][0] ?? '');
  await expect(page.getByTestId('cart-badge')).toHaveText(digits[lang][2] ?? '');
  await expectAccessible(page, '.cart-drawer');
  await shot('1-cart');

  // Checkout, the payment modal and the order page name both numbers.
  await drawer.getByTestId('cart-checkout').click();
  const checkout = page.getByRole('dialog');
  const recipients = checkout.getByTestId('checkout-recipient');
  await expect(recipients).toHaveCount(2);
  await expect(recipients).toHaveText([
    topUpTo[lang]('09 250 008 881'),
    topUpTo[lang]('09 250 009 991'),
  ]);
  await expectAccessible(page, '.checkout-dialog');
  await shot('2-checkout');
  await checkout.getByTestId('checkout-pay').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  await expect(page.getByTestId('payment-recipient')).toHaveCount(2);
  const payload = (await qr.getAttribute('data-payload')) ?? '';
  await payInSandbox(request, payload);
  await successToCompletedOrder(page);
  await expect(page.getByTestId('order-recipient')).toHaveText([
    topUpTo[lang]('09 250 008 881'),
    topUpTo[lang]('09 250 009 991'),
  ]);
  await expectAccessible(page);
  await shot('3-order');
  // Paid: both lines left the cart.
  await expect(page.getByTestId('cart-badge')).toBeHidden();
});
