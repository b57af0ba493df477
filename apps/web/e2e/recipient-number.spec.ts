import { expect, test, type Locator, keepScreenshot } from './fixtures.ts';
import { readMessages } from './auth-support.ts';
import { expectAccessible, productCard, signedInCustomer } from './shop-support.ts';

/**
 * Issue 12, "The recipient number, entered once", in Burmese at 390 px: the number pasted on the
 * top-up listing (as "+95 9 421 234 567") travels with "Add to cart" into the cart line, and
 * checkout, the payment modal, the success screen, the order page and the codes e-mail all say
 * "Top-up to 09 421 234 567 (MPT)" — in Burmese. Paste cases on both fields; axe on every page and
 * dialog touched.
 */

const topUpToMy = '09 421 234 567 (MPT) သို့ ငွေဖြည့်ခြင်း';
const mptEpin3000My = /^MPT E-PIN ၃,၀၀၀ ကျပ်တန်$/;
/** 'Please use English digits only' (account spec §5), in Burmese: the same words on every field. */
const digitsOnlyMy = 'အင်္ဂလိပ်ဂဏန်းများသာ အသုံးပြုပါ';
/** 09421234567 in Burmese digits: the same number (issue 26). */
const burmeseDigits = '၀၉၄၂၁၂၃၄၅၆၇';

/** A real paste (clipboard + Ctrl+V) into a field, replacing what it holds. */
async function paste(field: Locator, text: string) {
  await field.evaluate(async (_, value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await field.press('ControlOrMeta+A');
  await field.press('ControlOrMeta+V');
}

test.use({ viewport: { width: 390, height: 844 } });

test(
  'a number pasted on the listing reaches the cart, checkout, payment, success, order page and e-mail',
  // Burmese at 390 px: the mobile project.
  { tag: '@mobile-only' },
  async ({ page, context, request }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const shot = (name: string) =>
      keepScreenshot(page, { path: `/tmp/number-screens/${name}.png` });
    const person = await signedInCustomer(page, request);

    // The listing: a number in Burmese digits and "+95 9 421 234 567" pasted fit and read
    // 09421234567 (issue 26); letters get the spec's message; the operator shows.
    await page.goto('/product/mobile-topup?lang=my');
    const listingPhone = page.getByTestId('listing-phone-input');
    await paste(listingPhone, burmeseDigits);
    await expect(listingPhone).toHaveValue('09421234567');
    await paste(listingPhone, '09-42I-234-567');
    await expect(page.locator('.phone-entry__message')).toHaveText(digitsOnlyMy);
    await paste(listingPhone, '+95 9 421 234 567');
    await expect(listingPhone).toHaveValue('09421234567');
    await expect(page.getByTestId('detected-operator')).toHaveText('MPT');
    await expect(page).toHaveURL(/operator=MPT/);
    await expectAccessible(page);
    await shot('1-listing-my');

    // "Add to cart" takes the number with it.
    const topUp = page
      .getByTestId('product-card')
      .filter({ has: page.locator('[data-operator="MPT"]') })
      .first();
    await topUp.getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-badge')).toHaveText('၁');
    // An E-PIN too, so the order sends a codes e-mail.
    await page.goto('/product/local-epins');
    await productCard(page, mptEpin3000My).getByTestId('add-to-cart').click();
    await expect(page.getByTestId('cart-badge')).toHaveText('၂');

    await page.getByTestId('cart-button').click();
    const drawer = page.getByRole('dialog');
    const cartPhone = drawer.getByTestId('cart-phone-input');
    await expect(cartPhone).toHaveValue('09421234567');
    const status = drawer.getByTestId('cart-phone-status');
    await expect(status).toHaveAttribute('data-state', 'saved');
    await expect(status).toHaveText(/နံပါတ် သိမ်းပြီးပါပြီ/);

    // Paste cases in the cart: a letter for a digit is refused with the spec's message (in
    // Burmese); Burmese digits, "959421234567" and "09-421-234-567" fit, read 09…, and are saved by
    // themselves.
    await paste(cartPhone, '09-42I-234-567');
    await expect(status).toHaveAttribute('data-state', 'error');
    await expect(status).toHaveText(digitsOnlyMy);
    await expect(cartPhone).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, '.cart-drawer');
    await shot('2-cart-error-my');
    await paste(cartPhone, burmeseDigits);
    await expect(cartPhone).toHaveValue('09421234567');
    await expect(status).toHaveAttribute('data-state', 'saved');
    await paste(cartPhone, '959421234567');
    await expect(cartPhone).toHaveValue('09421234567');
    await expect(status).toHaveAttribute('data-state', 'saved');
    await paste(cartPhone, '09-421-234-567');
    await expect(cartPhone).toHaveValue('09421234567');
    await expect(status).toHaveAttribute('data-state', 'saved');
    await expectAccessible(page, '.cart-drawer');
    await shot('3-cart-my');

    // Checkout lists it per line.
    await drawer.getByTestId('cart-checkout').click();
    const checkout = page.getByRole('dialog');
    await expect(checkout.getByTestId('checkout-recipient')).toHaveText(topUpToMy);
    await expectAccessible(page, '.checkout-dialog');
    await shot('4-checkout-my');

    // The payment modal says where the money goes.
    await checkout.getByTestId('checkout-pay').click();
    const qr = page.getByTestId('payment-qr');
    await expect(qr).toBeVisible();
    await expect(page.getByTestId('payment-recipient')).toHaveText(topUpToMy);
    await expectAccessible(page, '[role="dialog"]');
    await shot('5-payment-my');
    const payload = (await qr.getAttribute('data-payload')) ?? '';
    const paid = await request.post('/api/v1/sandbox/bank/pay', { data: { qrPayload: payload } });
    expect(paid.ok()).toBe(true);

    // The success screen, then the order page.
    const success = page.getByTestId('payment-success');
    await expect(success).toBeVisible({ timeout: 15_000 });
    await expect(success.getByTestId('payment-recipient')).toHaveText(topUpToMy);
    await expectAccessible(page, '[role="dialog"]');
    await shot('6-success-my');
    await success.getByRole('button').click();
    await expect(page.locator('h1 .order-badge')).toHaveAttribute('data-status', 'completed', {
      timeout: 20_000,
    });
    await expect(page.getByTestId('order-recipient')).toHaveText(topUpToMy);
    await page.getByTestId('order-recipient').scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shot('7-order-my');

    // The codes e-mail, in the buyer's language.
    const codesMails = () => readMessages(person.email).filter((m) => /MT-/.test(m.subject ?? ''));
    await expect.poll(() => codesMails().length, { timeout: 15_000 }).toBe(1);
    const mail = codesMails()[0];
    expect(mail?.text).toContain(topUpToMy);
    expect(mail?.text).toContain('PIN');

    // In English the listing says the spec's words for a letter in the number.
    await page.goto('/product/mobile-topup?lang=en');
    await paste(page.getByTestId('listing-phone-input'), '09-42I-234-567');
    await expect(page.locator('.phone-entry__message')).toHaveText(
      'Please use English digits only',
    );
  },
);
