import fs from 'node:fs';
import { adminRow, demoAdminLogin, openAdminPage, signInToBackOffice } from './admin-support.ts';
import { verifiedIdentity } from './auth-support.ts';
import { expect, test, type APIRequestContext, keepScreenshot } from './fixtures.ts';
import { addToCart, apiSession, expectAccessible, productId } from './shop-support.ts';

/**
 * Issue 27 / ADR 0059: a payment its provider never reported on (the sandbox bank stays silent,
 * as Wave may) is listed under "Unknown payments" with its order, customer, amount, provider,
 * reference and window end; an admin who checked the merchant portal marks it paid after a
 * confirmation, and the order is paid. Screenshots go to /tmp/shots-unknown/.
 */

const shots = '/tmp/shots-unknown';

/** A customer's MM QR order whose payment the sandbox bank will never report on. */
async function silentPayment(request: APIRequestContext) {
  const person = await verifiedIdentity(request);
  const headers = await apiSession(request, person);
  const epin = await productId(request, 'local-epins', 'MPT E-PIN 1,000 Ks');
  await addToCart(request, headers, { productId: epin, quantity: 1 });
  const checkout = await request.post('/api/v1/checkout/initialize', { headers });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const { data: order } = (await checkout.json()) as {
    data: { orderId: string; orderNumber: string };
  };
  const session = await request.post('/api/v1/checkout/complete', {
    headers,
    data: { sessionId: order.orderId, paymentMethod: 'mmqr' },
  });
  expect(session.ok(), await session.text()).toBe(true);
  const { data: payment } = (await session.json()) as {
    data: { paymentQrCode: string; paymentReference: string };
  };
  const silence = await request.post('/api/v1/sandbox/bank/silence', {
    data: { qrPayload: payment.paymentQrCode },
  });
  expect(silence.ok(), await silence.text()).toBe(true);
  return { person, order, reference: payment.paymentReference };
}

test.beforeEach(() => {
  fs.mkdirSync(shots, { recursive: true });
});

test('an unknown payment is listed, marked paid after a confirmation, and its order is paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { person, order, reference } = await silentPayment(request);

  await signInToBackOffice(page);
  await expect(page.getByTestId('unknown-payments')).toBeVisible();
  await openAdminPage(page, 'Unknown payments');
  const row = adminRow(page, 'admin-unknown-payments', order.orderNumber);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: order.orderNumber })).toHaveAttribute(
    'href',
    `/admin/orders/${order.orderId}`,
  );
  await expect(row.getByRole('cell').nth(0)).toContainText(person.email);
  await expect(row.getByRole('cell').nth(1)).toHaveText('1,000 Ks');
  await expect(row.getByRole('cell').nth(2)).toContainText('Sandbox bank');
  await expect(row.getByRole('cell').nth(2)).toContainText(reference);
  // The window's end in Yangon time, as the back-office writes every time.
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
  await expect(row.getByRole('cell').nth(4)).toHaveText('Unresolved');
  await expectAccessible(page);
  await keepScreenshot(page, { path: `${shots}/1-list.png`, fullPage: true });

  await row.getByRole('button', { name: 'Mark paid' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Mark payment ${reference} paid?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    `Order ${order.orderNumber} is then paid and fulfilled as if Sandbox bank had reported it`,
  );
  await expectAccessible(page, '[role="alertdialog"]');
  await keepScreenshot(page, { path: `${shots}/2-confirm.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Yes, it was paid' }).click();

  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Marked paid: the order is paid and its fulfilment has started'),
  ).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toContainText(
    `Paid, marked by ${demoAdminLogin().email}`,
  );
  await expect(row.getByRole('button', { name: 'Mark paid' })).toHaveCount(0);
  await keepScreenshot(page, { path: `${shots}/3-marked.png`, fullPage: true });

  await row.getByRole('link', { name: order.orderNumber }).click();
  await expect(page.getByTestId('admin-order-payment')).toHaveText(/^(Paid|Refund pending)/);
  await expect(page.getByTestId('admin-order-timeline')).toContainText(
    "Staff's finding from the sandbox merchant portal: paid",
  );
});
