import fs from 'node:fs';
import { expect, fullPageShots, test, type Page } from './fixtures.ts';
import { adminRow, ordersByRecipient, signInToBackOffice } from './admin-support.ts';
import {
  completedEpinOrder,
  epinAndTopUp,
  expectAccessible,
  newCustomerOrder,
} from './shop-support.ts';

/**
 * Issue 26, the owner in the back-office at 1366 px: a partly delivered order reads "Partly
 * delivered" and "Refund pending" with its recipient as "09 250 123 000"; its bank refund asks first,
 * saying how much goes where; the audit log folds the refund's before and after and fits the screen;
 * a share link's end in the order's timeline is in Yangon time like the rest. Screenshots go to
 * /tmp/shots-owner/.
 */

const WIDTH = 1366;
const shot = fullPageShots('/tmp/shots-owner');
/** The page scrolls sideways when its content is wider than the window. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.beforeEach(async ({ page }) => {
  fs.mkdirSync('/tmp/shots-owner', { recursive: true });
  await page.setViewportSize({ width: WIDTH, height: 900 });
});

test(
  'a partly delivered order reads as people read it; its bank refund asks first; the audit log folds before and after at 1366 px',
  { tag: '@desktop-only' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    // A number of its own that the sandbox aggregator declines (…0000): only this order has it.
    const middle = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    const recipient = `0925${middle}0000`;
    const readable = `09 25${middle.slice(0, 1)} ${middle.slice(1)}0 000`;
    const { orderId } = await newCustomerOrder(
      request,
      await epinAndTopUp(request, 'MPT E-PIN 1,000 Ks', recipient),
      'failed',
    );

    await signInToBackOffice(page);
    const orders = await ordersByRecipient(page, recipient);
    await expect(orders.getByRole('row')).toHaveCount(2);
    const row = orders.getByRole('row').nth(1);
    await expect(row.getByRole('cell').nth(3)).toHaveText(readable);
    await expect(row.getByRole('cell').nth(4)).toHaveText('Partly delivered');
    await expect(row.getByRole('cell').nth(5)).toHaveText('Refund pending');
    await shot(page, '1-orders-list');

    await row.getByRole('link').click();
    await expect(page.getByTestId('admin-order-status')).toHaveText('Partly delivered');
    await expect(page.getByTestId('admin-order-payment')).toHaveText('Refund pending (MM QR)');
    const line = page.getByRole('row').filter({ hasText: 'MPT Top-up' });
    await expect(line.getByRole('cell').nth(2)).toHaveText(readable);
    await expect(line.getByRole('cell').nth(3)).toHaveText('Failed (declined)');
    await expect(page.getByTestId('admin-order-timeline')).toContainText(
      `Top-up request for ${readable}`,
    );

    // The bank refund asks first, saying how much goes where; Cancel changes nothing.
    const refund = page.getByTestId('admin-refund');
    await refund.getByLabel(/Paid by bank/).check();
    const reference = `KBZ-${String(Date.now())}`;
    await refund.getByLabel('Bank payout reference').fill(reference);
    await refund.getByRole('button', { name: 'Mark refunded by bank' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refund 1,000 Ks to the bank?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1,000 Ks go back to the bank or wallet account');
    await expect(dialog).toContainText(`with payout reference ${reference}`);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, '[role="alertdialog"]');
    await shot(page, '2-bank-refund-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(refund).toContainText('Refund pending');
    await refund.getByRole('button', { name: 'Mark refunded by bank' }).click();
    await dialog.getByRole('button', { name: 'Yes, refund to the bank' }).click();
    await expect(refund).toContainText('Refunded');
    await expect(page.getByTestId('admin-order-payment')).toHaveText('Refunded (MM QR)');
    expect(await overflowsSideways(page)).toBe(false);
    await shot(page, '3-order-refunded');

    // The audit log: the refund's before and after folded, the page no wider than the screen.
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').fill('order.refund');
    await page.getByRole('button', { name: 'Search' }).click();
    const entry = adminRow(page, 'audit-log', orderId);
    await expect(entry).toHaveCount(1);
    const changes = entry.locator('details');
    await expect(changes).not.toHaveAttribute('open');
    await expect(changes.locator('summary')).toHaveText('Changed: status, reference, refundedAt');
    await expect(entry.getByText(reference)).toBeHidden();
    expect(await overflowsSideways(page)).toBe(false);
    await expectAccessible(page);
    await shot(page, '4-audit-log-folded');
    await changes.locator('summary').click();
    const diff = changes.getByRole('table');
    await expect(diff.getByRole('row').filter({ hasText: 'status' })).toHaveText(
      'status"refund_pending""refunded"',
    );
    await expect(diff.getByRole('row').filter({ hasText: 'reference' })).toContainText(reference);
    expect(await overflowsSideways(page)).toBe(false);
    const box = await page.getByTestId('audit-log').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? WIDTH + 1)).toBeLessThanOrEqual(WIDTH);
    await shot(page, '5-audit-log-open');
  },
);

test(
  'the order timeline writes every moment in Yangon time, a share link’s end too',
  { tag: '@desktop-only' },
  async ({ page, request }) => {
    test.setTimeout(120_000);
    const { api: customer, orderId } = await completedEpinOrder(request);
    const shared = await request.post(`/api/v1/orders/${orderId}/share`, {
      headers: customer,
      data: { type: 'gift', note: '' },
    });
    expect(shared.status(), await shared.text()).toBe(201);

    await signInToBackOffice(page);
    await page.goto(`/admin/orders/${orderId}`);
    // Issue 31: the customer's tier beside the order (a new customer: bronze).
    await expect(page.getByTestId('admin-order-tier')).toHaveText('Bronze');
    const timeline = page.getByTestId('admin-order-timeline');
    const share = timeline.getByRole('listitem').filter({ hasText: 'Share link created' });
    await expect(share).toHaveCount(1);
    const until = share.locator('time').nth(1);
    const iso = (await until.getAttribute('datetime')) ?? '';
    const yangon = new Intl.DateTimeFormat('en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Yangon',
    }).format(new Date(iso));
    await expect(until).toHaveText(yangon);
    await expect(share).toContainText(`valid until ${yangon}`);
    // No moment is left in the server's ISO form (UTC) anywhere in the timeline.
    await expect(timeline).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    await expect(page.getByTestId('admin-order-status')).toHaveText('Completed');
    await expectAccessible(page);
    await shot(page, '6-order-timeline-yangon');
  },
);
