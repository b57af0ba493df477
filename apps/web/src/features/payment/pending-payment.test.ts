import type { PaymentSession } from '@shop/contracts/checkout';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPayment, paymentHost, savedPayment, savePayment } from './pending-payment.ts';

const session = (orderId: string): PaymentSession => ({
  orderId,
  sessionId: orderId,
  orderNumber: 'MT-261202-ABC',
  amount: 1000,
  currency: 'MMK',
  paymentMethod: 'mmqr',
  paymentStatus: 'pending',
  paymentReference: `ref-${orderId}`,
  paymentQrCode: '000201…',
  aplusPayment: null,
  paymentUrl: null,
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  expiresInSeconds: 300,
  recipients: [],
});

describe('the kept pending payment (issue 26, ADR 0054)', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('is answered while its QR can be paid, for its own order only', () => {
    const now = 1_000_000;
    savePayment({ session: session('a'), deadline: now + 60_000 });
    expect(savedPayment(undefined, now)?.session.paymentReference).toBe('ref-a');
    expect(savedPayment('a', now)?.deadline).toBe(now + 60_000);
    expect(savedPayment('b', now)).toBeNull();
    expect(savedPayment('a', now + 60_000)).toBeNull();
  });

  it('is forgotten for its order only, and a broken entry is no payment', () => {
    savePayment({ session: session('a'), deadline: Date.now() + 60_000 });
    forgetPayment('b');
    expect(savedPayment('a')).not.toBeNull();
    forgetPayment('a');
    expect(savedPayment()).toBeNull();
    localStorage.setItem('pending-payment', '{"deadline":"soon"}');
    expect(savedPayment()).toBeNull();
    localStorage.setItem('pending-payment', 'not json');
    expect(savedPayment()).toBeNull();
  });

  it('opens each time afresh, closes with its callback, and a cancelled order is dismissed', () => {
    let closed = 0;
    paymentHost.open(session('a'), {
      onClosed: () => {
        closed++;
      },
    });
    const first = paymentHost.get().opened;
    expect(paymentHost.get().payment?.session.orderId).toBe('a');
    paymentHost.open(session('a'), { deadline: 5, minimized: true });
    expect(paymentHost.get()).toMatchObject({ opened: first + 1, minimized: true });
    expect(paymentHost.get().payment?.deadline).toBe(5);
    paymentHost.closed();
    expect(paymentHost.get().payment).toBeNull();
    paymentHost.open(session('c'), {
      onClosed: () => {
        closed++;
      },
    });
    savePayment({ session: session('c'), deadline: Date.now() + 60_000 });
    paymentHost.dismiss('c');
    expect(paymentHost.get().payment).toBeNull();
    expect(savedPayment('c')).toBeNull();
    expect(closed).toBe(1);
  });
});
