import fs from 'node:fs';
import { expect, fullPageShots, test, newPersonPage } from './fixtures.ts';
import { ordersByRecipient, signInToBackOffice } from './admin-support.ts';
import { readMessages } from './auth-support.ts';
import {
  expectAccessible,
  failedTopUpOrder,
  recipientEnding,
  signInFromHome,
} from './shop-support.ts';

/**
 * ADR 0036, line actions of the back-office order page: a top-up the aggregator never answered
 * (a number ending 8888; the server under test gives a job up after 3 attempts) ends the order
 * failed with the line `unconfirmed`; the admin checks it, presses Mark delivered and confirms in
 * the dialog; the order is completed, and the customer's order page shows it completed with the
 * top-up delivered and no refund, and the customer is told by e-mail. Screenshots go to
 * /tmp/admin/.
 */

const shot = fullPageShots('/tmp/admin');

test(
  'an unconfirmed top-up resolved as delivered in the back-office: the order completes and the customer sees it',
  { tag: '@desktop-only' },
  async ({ page, request, browser }) => {
    test.setTimeout(120_000);
    fs.mkdirSync('/tmp/admin', { recursive: true });
    // A number of its own that the sandbox aggregator never answers (…8888).
    const recipient = recipientEnding('8888');
    const { person, orderId } = await failedTopUpOrder(request, recipient);

    await signInToBackOffice(page);
    const orders = await ordersByRecipient(page, recipient);
    await expect(orders.getByRole('row')).toHaveCount(2);
    await orders.getByRole('link').click();
    // Stored failed, shown as being checked while its top-up is unconfirmed (ADR 0051).
    await expect(page.getByTestId('admin-order-status')).toHaveText('Checking');
    const line = page.getByRole('row').filter({ hasText: 'unconfirmed' });
    await expect(line).toHaveCount(1);
    await expect(page.getByTestId('admin-refund')).toContainText(
      'A top-up behind it is unconfirmed',
    );
    // An unconfirmed line is resolved, never retried (it may have arrived).
    await expect(line.getByRole('button', { name: 'Retry top-up' })).toHaveCount(0);
    await expect(line.getByRole('button', { name: 'Not delivered' })).toBeVisible();
    await shot(page, '8-order-unconfirmed-line');

    await line.getByRole('button', { name: 'Mark delivered' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark the top-up delivered?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('1,000 Ks leave the refund');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, '[role="alertdialog"]');
    await shot(page, '9-mark-delivered-dialog');
    await dialog.getByRole('button', { name: 'Yes, it was delivered' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('admin-order-status')).toHaveText('Completed');
    await expect(page.getByTestId('admin-order-payment')).toContainText('Paid');
    await expect(page.getByTestId('admin-refund')).toHaveCount(0);
    // The recipient as people read it (issue 26): "09 25x xx8 888".
    const readable = `09 ${recipient.slice(2, 5)} ${recipient.slice(5, 8)} ${recipient.slice(8)}`;
    await expect(page.getByRole('row').filter({ hasText: readable })).toContainText('Delivered');
    await expect(page.getByTestId('admin-order-timeline')).toContainText(
      'resolved by staff: delivered',
    );
    await expect(page.getByTestId('admin-order-timeline')).toContainText(
      'with the aggregator: delivered; the order is completed',
    );
    await shot(page, '10-order-resolved-completed');

    // The customer's order page: completed, the top-up delivered, no refund.
    const shopper = await newPersonPage(browser);
    await signInFromHome(shopper, person);
    await shopper.goto(`/orders/${orderId}?lang=en`);
    await expect(shopper.getByTestId('order-status')).toHaveText('Completed');
    await expect(shopper.getByTestId('eload-result')).toContainText('Top-up delivered');
    await expect(shopper.getByTestId('refund-outcome')).toHaveCount(0);
    await shopper.close();
    await expect
      .poll(() =>
        readMessages(person.email).find((m) => /top-up was delivered/.test(m.subject ?? '')),
      )
      .toBeDefined();
  },
);
