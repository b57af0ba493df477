import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page, keepScreenshot } from './fixtures.ts';
import { appTranslator } from './app-messages.ts';
import {
  addToCart,
  apiSession,
  expectAccessible,
  productId,
  signedInCustomer,
} from './shop-support.ts';

/**
 * Spec §2: "Payment success screen with go-to-order-detail, screenshot-and-pay and save QR code"
 * — the screen a placed order opens on, with its MM QR (issue 31): Screenshot & pay hands the
 * payment's picture to the phone's share sheet (saved, with a hint, where nothing can take it),
 * Save QR code saves it, Go to order details opens the order while the payment waits as the pill.
 */
const shotDir = '/tmp/payment-screen-actions';

/** A new customer's order of one top-up, placed in the browser in `language`: its QR dialog. */
async function placedOrder(page: Page, request: APIRequestContext, language: 'en' | 'my') {
  const person = await signedInCustomer(page, request);
  await addToCart(request, await apiSession(request, person, language), {
    productId: await productId(request, 'mobile-topup', 'MPT Top-up 3,000 Ks'),
    quantity: 1,
    phoneNumber: '09250000001',
  });
  await page.goto(`/?lang=${language}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('checkout-pay').click();
  const modal = page.getByRole('dialog', { name: appTranslator(language)('payment.title') });
  await expect(modal.getByTestId('payment-qr')).toBeVisible();
  const orderNumber =
    (await modal.locator('.payment-summary [translate="no"]').first().textContent()) ?? '';
  return { modal, orderNumber };
}

for (const language of ['en', 'my'] as const) {
  test(`the payment screen offers Screenshot & pay, Save QR code and the order's details (${language}, 390 px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const t = appTranslator(language);
    const { modal, orderNumber } = await placedOrder(page, request, language);

    // Where nothing can take the picture (this browser has no file sharing), it is saved and the
    // dialog says what to do with it.
    const [picture] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: t('payment.screenshotAndPay') }).click(),
    ]);
    expect(picture.suggestedFilename()).toBe(`mmqr-${orderNumber}.png`);
    await expect(modal.getByTestId('payment-image-saved')).toHaveText(t('payment.screenshotSaved'));
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: t('payment.saveQr') }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe(`mmqr-${orderNumber}.png`);

    fs.mkdirSync(shotDir, { recursive: true });
    await keepScreenshot(page, {
      path: `${shotDir}/${language}-payment-screen.png`,
      fullPage: true,
    });
    await expectAccessible(page, '[role="dialog"]');

    // Keyboard: the actions are buttons in the tab order; Enter on "Go to order details" opens
    // the order, and the payment goes on as the pending-payment pill.
    const goToOrder = modal.getByRole('button', { name: t('payment.goToOrder') });
    await goToOrder.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/orders\/[^/?]+$/);
    await expect(modal).toBeHidden();
    await page.getByTestId('payment-expand').click();
    await expect(modal.getByTestId('payment-qr')).toBeVisible();
  });
}

test('Screenshot & pay hands the payment picture to the share sheet where the phone can share files', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A phone's Web Share, recorded: what the share sheet would be handed.
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    Object.assign(window, { sharedFiles: shared });
    Object.assign(navigator, {
      canShare: (data: ShareData) => (data.files?.length ?? 0) > 0,
      share: (data: ShareData) => {
        for (const file of data.files ?? [])
          shared.push({ name: file.name, type: file.type, size: file.size });
        return Promise.resolve();
      },
    });
  });
  const { modal, orderNumber } = await placedOrder(page, request, 'en');

  await modal.getByRole('button', { name: 'Screenshot & pay' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { sharedFiles: unknown[] }).sharedFiles))
    .toEqual([{ name: `mmqr-${orderNumber}.png`, type: 'image/png', size: expect.any(Number) }]);
  // Shared, nothing was saved: no hint.
  await expect(modal.getByTestId('payment-image-saved')).toBeEmpty();
});
