import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import {
  buyAgainLines,
  canPayAgain,
  canTryAnotherNumber,
  hasInvoice,
  outcomeTitleKey,
  paymentStatusMismatch,
  readRedirectStatus,
  shownStatus,
} from './order-rules.ts';

const order = (patch: Partial<Order>): Order =>
  ({
    orderId: 'o1',
    status: 'completed',
    paymentStatus: 'paid',
    items: [],
    ...patch,
  }) as Order;

describe('order page rules', () => {
  it('a paid order that failed and is being (or was) refunded is no payment mismatch', () => {
    for (const paymentStatus of ['refund_pending', 'refunded'] as const)
      expect(paymentStatusMismatch('success', order({ status: 'failed', paymentStatus }))).toBe(
        false,
      );
    expect(
      paymentStatusMismatch('success', order({ status: 'failed', paymentStatus: 'failed' })),
    ).toBe(true);
  });

  it('offers "Try another number" on failed top-up and data lines only', () => {
    type Item = Order['items'][number];
    const item = (patch: Partial<Item>) => ({ type: 'topup', status: 'failed', ...patch }) as Item;
    expect(canTryAnotherNumber(item({}))).toBe(true);
    expect(canTryAnotherNumber(item({ type: 'data' }))).toBe(true);
    expect(canTryAnotherNumber(item({ status: 'delivered' }))).toBe(false);
    expect(canTryAnotherNumber(item({ type: 'epin' }))).toBe(false);
    // A top-up the operator never confirmed may have arrived: checked first (ADR 0051).
    expect(canTryAnotherNumber(item({ toCheck: true }))).toBe(false);
  });

  it('shows a failed order with delivered lines as partly delivered, invoiced; one being checked as checking', () => {
    type Item = Order['items'][number];
    const line = (status: Item['status'], toCheck = false) => ({ status, toCheck }) as Item;
    const partly = order({ status: 'failed', items: [line('delivered'), line('failed')] });
    expect(shownStatus(partly)).toBe('partly_delivered');
    expect(hasInvoice(partly)).toBe(true);
    expect(outcomeTitleKey(partly)).toBe('orders.refund.titlePart');
    const checking = order({ status: 'failed', items: [line('failed', true), line('failed')] });
    expect(shownStatus(checking)).toBe('checking');
    expect(hasInvoice(checking)).toBe(false);
    expect(outcomeTitleKey(checking)).toBe('orders.refund.titleChecking');
    const failed = order({ status: 'failed', items: [line('failed')] });
    expect(shownStatus(failed)).toBe('failed');
    expect(hasInvoice(failed)).toBe(false);
    expect(outcomeTitleKey(failed)).toBe('orders.refund.titleWhole');
    expect(shownStatus(order({ items: [line('delivered')] }))).toBe('completed');
  });

  it('offers Pay Again for an open order whose payment was refused or expired', () => {
    const open = { status: 'pending', paymentMethod: 'mmqr' } as const;
    expect(canPayAgain(order({ ...open, paymentStatus: 'failed' }))).toBe(true);
    expect(canPayAgain(order({ ...open, paymentStatus: 'expired' }))).toBe(true);
    expect(canPayAgain(order({ ...open, paymentStatus: 'pending' }))).toBe(false);
    expect(canPayAgain(order({ ...open, paymentStatus: 'cancelled' }))).toBe(false);
    expect(canPayAgain(order({ status: 'failed', paymentStatus: 'failed' }))).toBe(false);
    expect(canPayAgain(order({ ...open, paymentStatus: 'failed', paymentMethod: 'points' }))).toBe(
      false,
    );
  });

  it('reads status=success|failed from the redirect URL only', () => {
    expect(readRedirectStatus('?status=success')).toBe('success');
    expect(readRedirectStatus('status=failed')).toBe('failed');
    expect(readRedirectStatus('?status=paid')).toBeNull();
    expect(readRedirectStatus('')).toBeNull();
  });

  it.each([
    ['success', { status: 'processing' }, false],
    ['success', { status: 'completed' }, false],
    ['success', { status: 'failed' }, false],
    ['success', { status: 'pending', paymentStatus: 'pending' }, true],
    ['success', { status: 'failed', paymentStatus: 'failed' }, true],
    ['failed', { status: 'failed', paymentStatus: 'failed' }, false],
    ['failed', { status: 'pending', paymentStatus: 'failed' }, false],
    ['failed', { status: 'completed' }, true],
    [null, { status: 'pending', paymentStatus: 'pending' }, false],
  ] as const)(
    'flags a success URL whose order was not paid, and a failed URL whose order did not fail (%s URL, order %o: %s)',
    (redirect, fields, mismatch) => {
      expect(paymentStatusMismatch(redirect, order(fields))).toBe(mismatch);
    },
  );

  it('buys again every line with its quantity and recipient number', () => {
    const lines = buyAgainLines(
      order({
        items: [
          { productId: 'p1', quantity: 2, phoneNumber: '959250000000' },
          { productId: 'p2', quantity: 1, phoneNumber: null },
        ] as Order['items'],
      }),
    );
    expect(lines).toEqual([
      { productId: 'p1', quantity: 2, phoneNumber: '959250000000' },
      { productId: 'p2', quantity: 1, phoneNumber: undefined },
    ]);
  });

  it('does not buy again a line that paid someone’s top-up request (its number is masked)', () => {
    const lines = buyAgainLines(
      order({
        items: [
          { productId: 'p1', quantity: 1, phoneNumber: '09 2•••• 8881', recipientMasked: true },
          { productId: 'p1', quantity: 2, phoneNumber: '959250000000', recipientMasked: false },
        ] as Order['items'],
      }),
    );
    expect(lines).toEqual([{ productId: 'p1', quantity: 2, phoneNumber: '959250000000' }]);
  });
});
