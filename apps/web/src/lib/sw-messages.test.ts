import { describe, expect, it } from 'vitest';
import {
  openNotificationTarget,
  parsePaymentTimerMessage,
  parsePushMessage,
  parseRestartPayment,
  sameOriginUrl,
} from './sw-messages.ts';

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

  it('reads the sound setting beside the notifications setting', () => {
    expect(
      parsePaymentTimerMessage({
        type: 'UPDATE_NOTIFICATION_SETTINGS',
        notificationsEnabled: true,
        notificationSoundEnabled: false,
      }),
    ).toEqual({
      type: 'UPDATE_NOTIFICATION_SETTINGS',
      notificationsEnabled: true,
      notificationSoundEnabled: false,
    });
    expect(
      parsePaymentTimerMessage({
        type: 'UPDATE_NOTIFICATION_SETTINGS',
        notificationSoundEnabled: false,
      }),
    ).toBeNull();
  });

  it('reads a push payload and refuses malformed ones', () => {
    const payload = {
      event: 'order_completed',
      title: 'Order completed',
      body: 'MT-1 is ready',
      url: '/orders/MT-1',
      tag: 'order-MT-1-order_completed',
    };
    expect(parsePushMessage(JSON.stringify(payload))).toEqual(payload);
    expect(parsePushMessage('not json')).toBeNull();
    expect(parsePushMessage(null)).toBeNull();
    expect(parsePushMessage(JSON.stringify({ ...payload, url: 7 }))).toBeNull();
  });

  it('opens only same-origin addresses from a notification', () => {
    const origin = 'https://shop.example';
    expect(sameOriginUrl('/orders/MT-1', origin)).toBe('https://shop.example/orders/MT-1');
    expect(sameOriginUrl('https://shop.example/orders', origin)).toBe(
      'https://shop.example/orders',
    );
    expect(sameOriginUrl('https://evil.example/orders', origin)).toBeNull();
    expect(sameOriginUrl('//evil.example/x', origin)).toBeNull();
    expect(sameOriginUrl('javascript:alert(1)', origin)).toBeNull();
  });
});

describe('a click on a push notification', () => {
  const url = 'https://shop.example/orders/MT-1';
  /** A window that notes what was done to it; `controlled: false` as one this worker does not control. */
  const shopWindow = (focused: boolean, controlled = true) => {
    const done: string[] = [];
    return {
      done,
      focused,
      focus: () => {
        done.push('focus');
        return Promise.resolve({
          navigate: (to: string) => {
            done.push(`navigate ${to}`);
            return controlled
              ? Promise.resolve({})
              : Promise.reject(new TypeError('not controlled'));
          },
        });
      },
    };
  };
  const clientsWith = (windows: ReturnType<typeof shopWindow>[]) => {
    const opened: string[] = [];
    return {
      opened,
      matchAll: () => Promise.resolve(windows),
      openWindow: (to: string) => {
        opened.push(to);
        return Promise.resolve(null);
      },
    };
  };

  it('takes the focused shop window to the page', async () => {
    const other = shopWindow(false);
    const focused = shopWindow(true);
    const clients = clientsWith([other, focused]);
    await openNotificationTarget(clients, url);
    expect(focused.done).toEqual(['focus', `navigate ${url}`]);
    expect(other.done).toEqual([]);
    expect(clients.opened).toEqual([]);
  });

  it('else the first window; with no window at all, a new one', async () => {
    const first = shopWindow(false);
    const clients = clientsWith([first, shopWindow(false)]);
    await openNotificationTarget(clients, url);
    expect(first.done).toEqual(['focus', `navigate ${url}`]);

    const none = clientsWith([]);
    await openNotificationTarget(none, url);
    expect(none.opened).toEqual([url]);
  });

  it('a window the worker cannot navigate: the page opens in a new window', async () => {
    const uncontrolled = shopWindow(true, false);
    const clients = clientsWith([uncontrolled]);
    await openNotificationTarget(clients, url);
    expect(uncontrolled.done).toEqual(['focus', `navigate ${url}`]);
    expect(clients.opened).toEqual([url]);
  });
});
