import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page, keepScreenshot } from './fixtures.ts';
import jsQR from 'jsqr';
import { verifiedIdentity } from './auth-support.ts';
import { addToCart, apiSession, payInSandbox, productId, signInFromHome } from './shop-support.ts';

/**
 * Issue 12 "Money told truthfully" (ADR 0022): opening the checkout again and again leaves one
 * pending order; a pending order in the list offers "Pay now" with its QR (the same while valid,
 * ADR 0054); "Cancel Payment"
 * offers "Change payment method"; the saved QR image scans from a gallery. Screenshots go to
 * /tmp/checkout-once/.
 */

const shotDir = '/tmp/checkout-once';

/** Puts one MPT Top-up 1,000 Ks for 09250000001 (the simulator tops it up) in the cart. */
async function cartWithTopup(request: APIRequestContext, headers: Record<string, string>) {
  const topup = await productId(request, 'mobile-topup', 'MPT Top-up 1,000 Ks');
  await addToCart(request, headers, { productId: topup, quantity: 1, phoneNumber: '09250000001' });
}

/** A new customer, signed in from Home, with the top-up in the cart; answers their API headers. */
async function signedInWithTopup(page: Page, request: APIRequestContext) {
  const person = await verifiedIdentity(request);
  const api = await apiSession(request, person);
  await cartWithTopup(request, api);
  await signInFromHome(page, person);
  return api;
}

async function ordersWith(
  request: APIRequestContext,
  headers: Record<string, string>,
  status: string,
) {
  const res = await request.get(`/api/v1/orders?status=${status}`, { headers });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { orderId: string; orderNumber: string }[] }).data;
}

/** Opens the checkout from the cart button; answers the order number it shows. */
async function openCheckout(page: Page) {
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-checkout').click();
  const dialog = page.locator('.checkout-dialog');
  await expect(dialog.getByTestId('checkout-pay')).toBeEnabled();
  return (await dialog.locator('.checkout-dialog__number').textContent()) ?? '';
}

/** From the header: the cart drawer's line set to `quantity` (the badge shows `badge`), closed. */
async function changeQuantity(page: Page, quantity: string, badge: RegExp) {
  await page.getByTestId('cart-button').click();
  await page.getByTestId('cart-quantity').fill(quantity);
  await page.getByTestId('cart-quantity').press('Enter');
  await expect(page.getByTestId('cart-badge')).toHaveText(badge);
  await page.locator('.ui-dialog__close').click();
}

test('opening the checkout again and again makes one pending order; "Pay now" in the list pays it with the same QR while valid (Burmese, 390 px)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const shot = (name: string) =>
    keepScreenshot(page, { path: `${shotDir}/${testInfo.project.name}-${name}.png` });
  const api = await signedInWithTopup(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=my');

  // Open, close; change the cart and open again, close; back to the first cart, open twice.
  await openCheckout(page);
  await page.keyboard.press('Escape');
  await changeQuantity(page, '2', /^(2|၂)$/);
  await openCheckout(page);
  await page.keyboard.press('Escape');
  await changeQuantity(page, '1', /^(1|၁)$/);
  const third = await openCheckout(page);
  await page.keyboard.press('Escape');
  const fourth = await openCheckout(page);
  expect(fourth).toBe(third);
  await shot('1-checkout-again');

  // Pay is started (a QR shown), then the customer leaves it.
  await page.getByTestId('checkout-pay').click();
  const firstQr = await page.getByTestId('payment-qr').getAttribute('data-payload');
  expect(firstQr).toMatch(/^000201/);

  expect(await ordersWith(request, api, 'pending')).toHaveLength(1);
  await page.goto('/orders?lang=my');
  const entries = page.getByTestId('order-entry');
  // Three orders were made (two for carts since changed, now cancelled); one waits for payment.
  await expect(entries).toHaveCount(3);
  const pending = entries.filter({ has: page.getByTestId('pay-now') });
  await expect(pending).toHaveCount(1);
  await expect(pending.getByTestId('pay-now')).toHaveText('ယခု ပေးချေရန်');
  await expect(pending.getByRole('button', { name: 'ထပ်ဝယ်ရန်' })).toHaveCount(0);
  await shot('2-orders-pay-now');

  // Pay now: the payment modal with the QR the customer left, still valid (ADR 0054: a QR
  // already saved or sent to a wallet keeps working); paying it completes the order.
  await pending.getByTestId('pay-now').click();
  const qr = page.getByTestId('payment-qr');
  await expect(qr).toBeVisible();
  const freshQr = await qr.getAttribute('data-payload');
  expect(freshQr).toBe(firstQr);
  await expect(page.getByTestId('payment-amount')).toHaveText(/^(1,000|၁,၀၀၀) ကျပ်$/);
  await shot('3-pay-now-modal');
  await payInSandbox(request, freshQr ?? '');
  await expect(page).toHaveURL(/\/orders\/[^/?]+\?status=success/, { timeout: 15_000 });
  await expect
    .poll(async () => (await ordersWith(request, api, 'completed')).length, { timeout: 20_000 })
    .toBe(1);
  expect(await ordersWith(request, api, 'pending')).toHaveLength(0);
});

test('"Cancel Payment" offers "Change payment method": the same order is paid by direct transfer', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const api = await signedInWithTopup(page, request);
  await openCheckout(page);
  await page.getByTestId('checkout-pay').click();
  const modal = page.getByRole('dialog', { name: 'Scan to pay' });
  await expect(modal.getByTestId('payment-qr')).toBeVisible();

  await modal.getByRole('button', { name: 'Cancel Payment' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel order?' });
  await expect(confirm.getByRole('button', { name: 'Yes, cancel' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Change payment method' }).click();
  const change = page.getByRole('dialog', { name: 'Change payment method' });
  await change.getByRole('radio', { name: /Direct online transfer/ }).check();
  await keepScreenshot(page, { path: `${shotDir}/${testInfo.project.name}-4-change-method.png` });
  await change.getByRole('button', { name: 'Continue' }).click();

  const direct = page.getByRole('dialog', { name: 'Direct online transfer' });
  const bankLink = direct.getByRole('link', { name: 'Open bank page' });
  await expect(bankLink).toBeVisible();
  const token = new URL((await bankLink.getAttribute('href')) ?? '').searchParams.get('token');
  expect(token).toBeTruthy();
  // Still one order, waiting for the transfer; the bank confirms it.
  const pending = await ordersWith(request, api, 'pending');
  expect(pending).toHaveLength(1);
  const paid = await request.post('/api/v1/sandbox/bank/pay', { data: { paymentToken: token } });
  expect(paid.ok(), await paid.text()).toBe(true);
  await expect(page).toHaveURL(
    new RegExp(`/orders/${pending[0]?.orderId ?? 'x'}\\?status=success`),
    { timeout: 15_000 },
  );
  const res = await request.get(`/api/v1/orders/${pending[0]?.orderId ?? ''}`, { headers: api });
  expect(((await res.json()) as { data: { paymentMethod: string } }).data.paymentMethod).toBe(
    'direct',
  );
});

test('the saved QR image scans from a gallery: same payload, a white quiet zone of 4+ modules, amount, merchant and order (Burmese, 390 px)', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await signedInWithTopup(page, request);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/?lang=my');
  await openCheckout(page);
  await page.getByTestId('checkout-pay').click();
  const payload = await page.getByTestId('payment-qr').getAttribute('data-payload');
  expect(payload).toMatch(/^000201/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'QR ကုဒ် သိမ်းရန်' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mmqr-MT-\d{6}-[0-9A-Z]{8}\.png$/);
  const file = await download.path();
  const png = fs.readFileSync(file);
  fs.mkdirSync(shotDir, { recursive: true });
  fs.writeFileSync(`${shotDir}/${testInfo.project.name}-5-saved-qr.png`, png);

  // Decoded by the browser's PNG decoder, as a gallery app would show it; read by jsQR.
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
    let binary = '';
    for (let i = 0; i < data.length; i += 0x8000)
      binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return { width: bitmap.width, height: bitmap.height, rgba: btoa(binary) };
  }, png.toString('base64'));
  const rgba = new Uint8ClampedArray(Buffer.from(image.rgba, 'base64'));
  const code = jsQR(rgba, image.width, image.height);
  expect(code?.data).toBe(payload);
  if (!code) return;

  // The symbol's outer edge and module size from the finder patterns; 4 modules around it white.
  const dimension = 17 + 4 * code.version;
  const { topLeftCorner: tl, topRightCorner: tr, bottomLeftCorner: bl } = code.location;
  const modulePx = (tr.x - tl.x) / dimension;
  expect(modulePx).toBeGreaterThanOrEqual(4);
  const quiet = Math.ceil(4 * modulePx);
  const box = {
    left: Math.round(tl.x),
    top: Math.round(tl.y),
    right: Math.round(tr.x),
    bottom: Math.round(bl.y),
  };
  expect(box.left - quiet).toBeGreaterThanOrEqual(0);
  expect(box.top - quiet).toBeGreaterThanOrEqual(0);
  expect(box.right + quiet).toBeLessThanOrEqual(image.width);
  expect(box.bottom + quiet).toBeLessThanOrEqual(image.height);
  let dark = 0;
  for (let y = box.top - quiet; y < box.bottom + quiet; y++)
    for (let x = box.left - quiet; x < box.right + quiet; x++) {
      const inside =
        x >= box.left + 1 && x < box.right - 1 && y >= box.top + 1 && y < box.bottom - 1;
      if (inside) continue;
      const i = (y * image.width + x) * 4;
      const outside =
        x < box.left - 1 || x >= box.right + 1 || y < box.top - 1 || y >= box.bottom + 1;
      if (outside && ((rgba[i] ?? 0) < 245 || (rgba[i + 1] ?? 0) < 245 || (rgba[i + 2] ?? 0) < 245))
        dark++;
    }
  expect(dark).toBe(0);
  // Text above and below the code (amount and merchant; order number and hint): not blank there.
  const inkRows = (from: number, to: number) => {
    let rows = 0;
    for (let y = from; y < to; y++) {
      for (let x = 0; x < image.width; x++) {
        const i = (y * image.width + x) * 4;
        if ((rgba[i] ?? 255) < 128) {
          rows++;
          break;
        }
      }
    }
    return rows;
  };
  expect(inkRows(0, box.top - quiet)).toBeGreaterThan(20);
  expect(inkRows(box.bottom + quiet, image.height)).toBeGreaterThan(20);
});
