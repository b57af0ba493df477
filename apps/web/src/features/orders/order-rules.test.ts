import type { Order } from '@shop/contracts/orders';
import { describe, expect, it } from 'vitest';
import { buyAgainLines, paymentStatusMismatch, readRedirectStatus } from './order-rules.ts';

const order = (patch: Partial<Order>): Order =>
  ({
    orderId: 'o1',
    status: 'completed',
    paymentStatus: 'paid',
    items: [],
    ...patch,
  }) as Order;

describe('order page rules', () => {
  it('reads status=success|failed from the redirect URL only', () => {
    expect(readRedirectStatus('?status=success')).toBe('success');
    expect(readRedirectStatus('status=failed')).toBe('failed');
    expect(readRedirectStatus('?status=paid')).toBeNull();
    expect(readRedirectStatus('')).toBeNull();
  });

  it('flags a success URL whose order was not paid, and a failed URL whose order did not fail', () => {
    expect(paymentStatusMismatch('success', order({ status: 'processing' }))).toBe(false);
    expect(paymentStatusMismatch('success', order({ status: 'completed' }))).toBe(false);
    expect(paymentStatusMismatch('success', order({ status: 'failed' }))).toBe(false);
    expect(
      paymentStatusMismatch('success', order({ status: 'pending', paymentStatus: 'pending' })),
    ).toBe(true);
    expect(
      paymentStatusMismatch('success', order({ status: 'failed', paymentStatus: 'failed' })),
    ).toBe(true);
    expect(
      paymentStatusMismatch('failed', order({ status: 'failed', paymentStatus: 'failed' })),
    ).toBe(false);
    expect(
      paymentStatusMismatch('failed', order({ status: 'pending', paymentStatus: 'failed' })),
    ).toBe(false);
    expect(paymentStatusMismatch('failed', order({ status: 'completed' }))).toBe(true);
    expect(
      paymentStatusMismatch(null, order({ status: 'pending', paymentStatus: 'pending' })),
    ).toBe(false);
  });

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
});
