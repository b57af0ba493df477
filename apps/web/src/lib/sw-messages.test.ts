import { describe, expect, it } from 'vitest';
import { parsePaymentTimerMessage, parseRestartPayment } from './sw-messages.ts';

describe('service worker messages', () => {
  const start = {
    type: 'START_PAYMENT_TIMER',
    orderId: 'o1',
    timeLeft: 300,
    amount: 3000,
    title: 'QR code expired',
    body: 'Your payment QR code has expired',
  };

  it('reads the payment timer and notification settings messages', () => {
    expect(parsePaymentTimerMessage(start)).toEqual(start);
    expect(parsePaymentTimerMessage({ type: 'STOP_PAYMENT_TIMER', orderId: 'o1' })).toEqual({
      type: 'STOP_PAYMENT_TIMER',
      orderId: 'o1',
    });
    expect(
      parsePaymentTimerMessage({
        type: 'UPDATE_NOTIFICATION_SETTINGS',
        notificationsEnabled: false,
      }),
    ).toEqual({ type: 'UPDATE_NOTIFICATION_SETTINGS', notificationsEnabled: false });
  });

  it('ignores malformed messages', () => {
    expect(parsePaymentTimerMessage(null)).toBeNull();
    expect(parsePaymentTimerMessage('START_PAYMENT_TIMER')).toBeNull();
    expect(parsePaymentTimerMessage({ ...start, timeLeft: -1 })).toBeNull();
    expect(parsePaymentTimerMessage({ ...start, timeLeft: Number.NaN })).toBeNull();
    expect(parsePaymentTimerMessage({ ...start, orderId: 7 })).toBeNull();
    expect(parsePaymentTimerMessage({ type: 'STOP_PAYMENT_TIMER' })).toBeNull();
    expect(parsePaymentTimerMessage({ type: 'UNKNOWN', orderId: 'o1' })).toBeNull();
  });

  it('reads RESTART_PAYMENT only with an order id', () => {
    expect(parseRestartPayment({ type: 'RESTART_PAYMENT', orderId: 'o1' })).toEqual({
      type: 'RESTART_PAYMENT',
      orderId: 'o1',
    });
    expect(parseRestartPayment({ type: 'RESTART_PAYMENT' })).toBeNull();
    expect(parseRestartPayment({ type: 'OTHER', orderId: 'o1' })).toBeNull();
  });
});
