import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import {
  addFromListing,
  expectAccessible,
  payInSandbox,
  saveRecipientNumber,
  signedInCustomer,
} from './shop-support.ts';

/**
 * Promo codes (issue 17, ADR 0035) in the browser against the built server: a customer applies the
 * demo shop's WELCOME10 (10 % off from 2,000 Ks, once per customer) in the checkout dialog, sees the
 * discount before paying, pays the discounted MM QR amount, and the order page shows the discount —
 * in English and in Burmese.
 */

const mpt3000 = /^MPT Top-up 3,000 Ks$/;

const texts = {
  en: {
    checkout: 'Checkout',
    label: 'Promo code',
    apply: 'Apply',
    unknown: 'This promo code does not exist. Please check it and try again.',
    invalid: 'Please enter a valid promo code (letters and digits).',
    line: 'Promo code WELCOME10',
    discount: '−300 Ks',
    total: '2,700 Ks',
    applied: 'Promo code WELCOME10 applied: 300 Ks off.',
    orderDiscount: '− 300 Ks',
    orderTotal: '2,700 Ks',
  },
  my: {
    checkout: 'ငွေရှင်းရန်',
    label: 'ပရိုမိုကုဒ်',
    apply: 'အသုံးပြုမည်',
    unknown: 'ဤပရိုမိုကုဒ် မရှိပါ။ ကုဒ်ကို ပြန်စစ်ပြီး ထပ်ကြိုးစားပါ။',
    invalid: 'မှန်ကန်သော ပရိုမိုကုဒ် ထည့်ပါ (အက္ခရာနှင့် ဂဏန်းများ)။',
    line: 'ပရိုမိုကုဒ် WELCOME10',
    discount: '−၃၀၀ ကျပ်',
    total: '၂,၇၀၀ ကျပ်',
    applied: 'ပရိုမိုကုဒ် WELCOME10 ဖြင့် ၃၀၀ ကျပ် လျှော့ပြီးပါပြီ။',
    orderDiscount: '− ၃၀၀ ကျပ်',
    orderTotal: '၂,၇၀၀ ကျပ်',
  },
} as const;

async function openCheckout(page: Page, lang: 'en' | 'my') {
  // The cart was filled in English; the checkout opens on a page in the language of the test.
  await page.goto(`/?lang=${lang}`);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  const checkout = page.getByRole('dialog', { name: texts[lang].checkout });
  await expect(checkout.getByTestId('checkout-pay')).toBeVisible();
  return checkout;
}

for (const lang of ['en', 'my'] as const) {
  test(`a customer applies WELCOME10 at checkout and the order shows the discount (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const t = texts[lang];
    await signedInCustomer(page, request);
    await addFromListing(page, 'mobile-topup', mpt3000, '1');
    await saveRecipientNumber(page, '09250000123');

    const checkout = await openCheckout(page, lang);
    const field = checkout.getByLabel(t.label, { exact: true });
    const error = checkout.locator('.ui-field__error');

    // The form's own rule, then the server's refusal: shown under the field and tied to it.
    await field.fill('no such code!');
    await field.press('Enter');
    await expect(error).toHaveText(t.invalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAttribute('aria-describedby', (await error.getAttribute('id')) ?? '');
    await field.fill('NOPE');
    await checkout.getByRole('button', { name: t.apply }).click();
    await expect(error).toHaveText(t.unknown);
    await expect(field).toBeFocused();
    await expect(checkout.getByTestId('checkout-total')).toHaveText(
      lang === 'en' ? '3,000 Ks' : '၃,၀၀၀ ကျပ်',
    );

    // The code, typed in lower case and applied with the keyboard: the discount before paying.
    await field.fill('welcome10');
    await field.press('Enter');
    await expect(checkout.getByTestId('promo-applied')).toHaveText(t.applied);
    await expect(checkout.getByText(t.line, { exact: true })).toBeVisible();
    await expect(checkout.getByTestId('checkout-promo-discount')).toHaveText(t.discount);
    await expect(checkout.getByTestId('checkout-total')).toHaveText(t.total);
    await expectAccessible(page, '[role="dialog"]');
    const shot = `/tmp/promo-screens/${testInfo.project.name}-checkout-${lang}.png`;
    await keepScreenshot(page, { path: shot });

    // The MM QR is for the discounted total.
    await checkout.getByTestId('checkout-pay').click();
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    await expect(page.getByTestId('payment-amount')).toHaveText(t.total);
    const payload = (await page.getByTestId('payment-qr').getAttribute('data-payload')) ?? '';
    // EMVCo tag 54: the amount in the QR itself.
    expect(payload).toContain('54042700');
    await payInSandbox(request, payload);
    await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success$/, { timeout: 15_000 });

    // The order page: the promo code's line and the total.
    await page.goto(`${new URL(page.url()).pathname}?lang=${lang}`);
    const summary = page.locator('.order-summary');
    await expect(summary.getByText(t.line, { exact: true })).toBeVisible();
    await expect(page.getByTestId('order-promo-discount')).toHaveText(t.orderDiscount);
    await expect(page.getByTestId('order-total')).toHaveText(t.orderTotal);
    await keepScreenshot(page, {
      path: `/tmp/promo-screens/${testInfo.project.name}-order-${lang}.png`,
      fullPage: true,
    });
  });
}
