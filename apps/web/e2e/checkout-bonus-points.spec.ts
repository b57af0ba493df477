import fs from 'node:fs';
import { formatDayRange, yangonDay } from '../src/lib/dates.ts';
import { expect, test, keepScreenshot } from './fixtures.ts';
import { cardInStock, expectAccessible, signedInCustomer } from './shop-support.ts';

/**
 * Issue 31, bonus points on special occasions (ADR 0081): on a bonus day the checkout says that
 * paying today earns the window's points, on a phone, in English and in Burmese (Burmese words and
 * digits; axe on the dialog). The bonus days' answer is replaced by a window on today: a real one
 * would multiply the points of the suite's other buyers (the owner's side is admin-bonus-days.spec,
 * the points themselves bonus-days.test.ts). Screenshots in /tmp/checkout-bonus-points/.
 */
const DIR = '/tmp/checkout-bonus-points';
const DAY_MS = 24 * 60 * 60 * 1000;

test('on a bonus day the checkout says the order earns more points', async ({ page, request }) => {
  fs.mkdirSync(DIR, { recursive: true });
  const window = {
    name: { en: 'Thadingyut', my: 'သီတင်းကျွတ်' },
    start: yangonDay(),
    end: yangonDay(new Date(Date.now() + 2 * DAY_MS)),
    multiplier: 3,
  };
  await page.route('**/api/v1/loyalty/bonus-days', (route) =>
    route.fulfill({ json: { success: true, message: 'Bonus days retrieved', data: [window] } }),
  );
  await signedInCustomer(page, request);
  await page.goto('/product/local-epins?lang=en');
  await (await cardInStock(page)).getByTestId('add-to-cart').click();
  await expect(page.getByTestId('cart-badge')).toBeVisible();

  for (const lang of ['en', 'my'] as const) {
    if (lang === 'my') await page.goto('/product/local-epins?lang=my');
    await page.getByTestId('cart-button').click();
    await page.getByTestId('cart-checkout').click();
    const checkout = page.getByRole('dialog').filter({ has: page.getByTestId('checkout-pay') });
    const line = checkout.getByTestId('checkout-bonus-points');
    const dates = formatDayRange(window.start, window.end, lang);
    await expect(line).toHaveText(
      lang === 'en'
        ? `Paid today, this order earns 3× points (Thadingyut, ${dates}).`
        : `ယနေ့ ငွေပေးချေပါက ဤအော်ဒါသည် ပွိုင့် ၃ ဆ ရရှိမည် (သီတင်းကျွတ်၊ ${dates})။`,
    );
    if (lang === 'my') expect(await line.textContent()).not.toMatch(/[A-Za-z0-9]/);
    await expectAccessible(page, '[role="dialog"]');
    await keepScreenshot(page, { path: `${DIR}/checkout-${lang}.png` });
  }
});
