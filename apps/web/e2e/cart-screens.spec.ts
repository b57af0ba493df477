import { expect, test, keepScreenshot } from './fixtures.ts';
import { loginByEmail, verifiedIdentity } from './auth-support.ts';

/**
 * Screenshots of every cart, checkout and payment screen at 390 px and 1280 px in English and
 * Burmese (to /tmp/cart-screens/), with the checks that each screen is really there.
 */
const widths = [390, 1280] as const;
const languages = ['en', 'my'] as const;

for (const width of widths) {
  for (const lang of languages) {
    test(`cart, checkout and payment screens at ${String(width)} px in ${lang}`, async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(150_000);
      const shot = (name: string) =>
        keepScreenshot(page, {
          path: `/tmp/cart-screens/${testInfo.project.name}-${String(width)}-${lang}-${name}.png`,
        });
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      const person = await verifiedIdentity(request);

      // Guest: listing with the add button, drawer, login-required dialog.
      await page.goto(`/product/mobile-topup?lang=${lang}`);
      const card = page
        .getByTestId('product-card')
        .filter({ has: page.locator('[data-operator="MPT"]') })
        .first();
      await card.getByTestId('add-to-cart').click();
      await expect(page.getByTestId('cart-badge')).toHaveText(lang === 'my' ? '၁' : '1');
      await shot('1-listing');
      await page.getByTestId('cart-button').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await page.getByTestId('cart-phone-input').fill('0925');
      await shot('2-drawer');
      // Checkout waits for a number it can use; the number is saved as it is typed.
      await page.getByTestId('cart-phone-input').fill('09250000000');
      await expect(page.getByTestId('cart-phone-status')).toHaveAttribute('data-state', 'saved');
      await page.getByTestId('cart-checkout').click();
      await expect(page.getByRole('dialog')).toHaveCount(1);
      await shot('3-login-required');
      await page.keyboard.press('Escape');

      // Signed in (the login dialog is driven in English), then back to the chosen language.
      await page.goto('/?lang=en');
      await page.getByRole('button', { name: /^Account menu/ }).click();
      await page.getByRole('menuitem', { name: 'Login' }).click();
      await loginByEmail(page, person);
      await expect(page.getByRole('dialog', { name: 'Login' })).toBeHidden();
      await page.goto(`/product/mobile-topup?lang=${lang}`);
      await page.getByTestId('cart-button').click();
      await expect(page.getByTestId('cart-line')).toHaveCount(1);
      await expect(page.getByTestId('cart-phone-input')).toHaveValue('09250000000');
      await expect(page.getByTestId('cart-phone-status')).toHaveAttribute('data-state', 'saved');
      await page.getByTestId('cart-checkout').click();
      await expect(page.getByTestId('checkout-pay')).toBeEnabled();
      await shot('4-checkout');
      await page.getByTestId('checkout-pay').click();
      await expect(page.getByTestId('payment-qr')).toBeVisible();
      await shot('5-qr-modal');
      await page.getByTestId('payment-minimize').click();
      await expect(page.getByTestId('payment-expand')).toBeVisible();
      await shot('6-minimized');

      await page.goto(`/sandbox/bank?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('7-sandbox-bank');
    });
  }
}
