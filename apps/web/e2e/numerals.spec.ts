import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, keepScreenshot } from './fixtures.ts';
import {
  addToCart,
  epinAndTopUp,
  newCustomerOrder,
  productId,
  signInFromHome,
} from './shop-support.ts';

/**
 * Issue 12 "one numeral system": every quantity on a Burmese page — prices, counts, steps, page
 * ranges, clocks, dates — is written in Burmese digits. Only codes a reader types or dials
 * elsewhere keep Latin digits, and they are marked translate="no" (PINs, serials, phone and order
 * numbers, e-mail addresses); input fields keep what was typed. A PIN shows in groups of four with
 * a tap-to-dial *123*PIN# link beside Copy. Screenshots go to /tmp/numerals/.
 */

test.use({ viewport: { width: 390, height: 844 } });

const shotDir = '/tmp/numerals';

/** Text a reader sees that has a Latin digit, outside codes (translate="no") and form fields. */
async function latinDigits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!/[0-9]/.test(text) || !parent) continue;
      if (parent.closest('[translate="no"], script, style, noscript, template')) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      found.push(`${parent.tagName.toLowerCase()}.${parent.className}: ${text.trim()}`);
    }
    return found;
  });
}

async function expectBurmeseDigitsOnly(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('html')).toHaveAttribute('lang', 'my');
  fs.mkdirSync(shotDir, { recursive: true });
  await keepScreenshot(page, { path: `${shotDir}/${name}.png`, fullPage: true });
  expect(await latinDigits(page), name).toEqual([]);
}

test('Burmese pages write every number in Burmese digits; a PIN shows in fours with a dial link (390 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A new customer's paid order with an E-PIN and a top-up.
  const lines = await epinAndTopUp(request, 'MPT E-PIN 1,000 Ks', '09250000001');
  const { person, api, orderId } = await newCustomerOrder(request, lines, 'completed');

  await signInFromHome(page, person);
  await page.goto(`/orders/${orderId}?lang=my`);
  const card = page.getByTestId('scratch-card');
  await card.getByRole('button').click();
  const pin = card.getByTestId('card-pin');
  await expect(pin).toHaveText(/^(\d{4} )+\d{1,4}$/);
  const digits = ((await pin.textContent()) ?? '').replace(/\s/g, '');
  await expect(card.getByTestId('card-dial')).toHaveAttribute('href', `tel:*123*${digits}%23`);
  await expect(card.getByTestId('card-dial')).toHaveText('*123*PIN# ခေါ်ဆို၍ ငွေဖြည့်ရန်');
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  await expectBurmeseDigitsOnly(page, '1-order');

  for (const [name, path] of [
    ['2-home', '/'],
    ['3-topups', '/product/mobile-topup'],
    ['4-epins', '/product/local-epins'],
    ['5-orders', '/orders'],
    ['6-about', '/about-us'],
    ['7-support', '/support'],
    ['8-settings', '/account-settings'],
  ] as const) {
    await page.goto(path);
    await expectBurmeseDigitsOnly(page, name);
  }

  // The cart, the checkout and the payment modal with its countdown.
  const topup = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
  await addToCart(request, api, { productId: topup, quantity: 2, phoneNumber: '09250000001' });
  await page.goto('/product/mobile-topup');
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-checkout')).toBeVisible();
  await expectBurmeseDigitsOnly(page, '9-cart');
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('checkout-pay')).toBeEnabled();
  await expectBurmeseDigitsOnly(page, '10-checkout');
  await page.getByTestId('checkout-pay').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText('၂,၀၀၀ ကျပ်');
  await expectBurmeseDigitsOnly(page, '11-payment');
});
