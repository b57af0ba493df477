import { describe, expect, it } from 'vitest';
import {
  fulfilJobsOf,
  methodsOfferedToNewCustomer,
  paymentStatusOf,
  pendingTopUpOrder,
  receiptsOf,
  expectPaidOnce,
  expectStillUnpaid,
} from '../../test/checkout-kit.ts';
import * as acquirer from '../../test/acquirer-kit.ts';
import { startKbzStandin } from '../../test/standins/kbzpay.ts';
import { kbzSign, kbzSignText } from './providers/kbzpay.ts';

/*
 * Issue 27 / ADR 0058: PAYMENT_PROVIDER=kbzpay against a KBZPay stand-in on 127.0.0.1 that checks
 * the shop's signatures with its own code. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (the duplicate callbacks racing the sweep are a race there).
 */

const vectors = acquirer.vectors('kbzpay') as {
  appKey: string;
  vectors: { name: string; fields: Record<string, unknown>; text: string; sign: string }[];
};

describe('KBZPay signature (vectors computed by hand from the formula)', () => {
  it.each(vectors.vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    expect(kbzSignText(vector.fields)).toBe(vector.text);
    expect(kbzSign(vector.fields, vectors.appKey)).toBe(vector.sign);
  });
});

acquirer.describeStartRefused(
  'kbzpay',
  {
    KBZPAY_APP_KEY: 'a-secret-app-key-value',
    KBZPAY_BASE_URL: 'not a url',
  },
  ['KBZPAY_APP_ID: missing', 'KBZPAY_MERCH_CODE: missing', 'KBZPAY_BASE_URL: malformed'],
);

describe('payments through KBZPay (stand-in)', () => {
  const { standin: kbz, s } = acquirer.openShop('kbzpay', (sendCallback) =>
    startKbzStandin({ pwaUrl: 'https://pwa.kbz.test/pgw/pwa/#/', sendCallback }),
  );

  it('checkout offers MM QR and the PWA redirect, not A+ (KBZPay does not collect it)', async () => {
    expect(await methodsOfferedToNewCustomer(s)).toMatchObject({
      mmqr: true,
      direct: true,
      aplus: false,
    });
  });

  it('an MM QR order is a correctly signed precreate; the QR shown is KBZ’s', async () => {
    const { session } = await pendingTopUpOrder(s);
    const precreate = kbz()
      .seen.filter((r) => r.endpoint === 'precreate')
      .at(-1);
    expect(precreate?.signatureOk).toBe(true);
    expect(precreate?.request).toMatchObject({
      method: 'kbz.payment.precreate',
      version: '1.0',
      sign_type: 'SHA256',
      notify_url: 'http://shop.test/api/v1/payments/webhook/kbzpay',
    });
    expect(precreate?.biz).toMatchObject({
      appid: kbz().appId,
      merch_code: kbz().merchCode,
      merch_order_id: session.paymentReference,
      trade_type: 'PAY_BY_QRCODE',
      total_amount: '1000',
      trans_currency: 'MMK',
      timeout_express: '5m',
    });
    const order = kbz().order(session.paymentReference);
    expect(session.paymentQrCode).toContain(order.prepayId);
  });

  it('a signed callback pays the order once, answered with the plain text success', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    const replies = await kbz().pay(session.paymentReference);
    expect(replies.map((r) => [r.status, r.contentType.split(';')[0], r.body])).toEqual([
      [200, 'text/plain', 'success'],
    ]);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    // KBZ sends it again (it may): success again, nothing changes.
    const again = await kbz().pay(session.paymentReference);
    expect(again.map((r) => r.body)).toEqual(['success']);
    await expectPaidOnce(s, user.headers, order.orderId);
  });

  it('a tampered or unsigned callback changes nothing (KBZ is not told success)', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    for (const fault of [{ tamper: true }, { unsigned: true }]) {
      const replies = await kbz().pay(session.paymentReference, { ...fault, attempts: 2 });
      expect(replies.map((r) => r.status)).toEqual([401, 401]);
      expect(replies.some((r) => r.body === 'success')).toBe(false);
    }
    await expectStillUnpaid(s, user.headers, order.orderId);
  });

  it('a signed callback for too little money is recorded for refund; the QR stays payable', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    const replies = await kbz().pay(session.paymentReference, { amount: '100' });
    expect(replies.map((r) => r.body)).toEqual(['success']);
    expect((await paymentStatusOf(s, user.headers, order.orderId)).paymentStatus).toBe('pending');
    const [receipt] = await receiptsOf(s, order.orderId);
    expect(receipt).toMatchObject({ outcome: 'wrong_amount', amount: 100, refundRequired: true });
  });

  it('a lost callback is paid by the reconciliation sweep, once, even with callbacks racing it', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    await kbz().pay(session.paymentReference, { lost: true });
    // Within the first minute the sweep leaves a payment to its callback.
    expect((await s.t.app.runPaymentReconciliation()).asked).toBe(0);
    s.clock.advance(61_000);
    // The sweep on two instances' worth of runs and three late callbacks, all at once.
    const [first, second] = await Promise.all([
      s.t.app.runPaymentReconciliation(),
      s.t.app.runPaymentReconciliation(),
      kbz().pay(session.paymentReference),
      kbz().pay(session.paymentReference),
      kbz().pay(session.paymentReference),
    ]);
    expect(first.asked + second.asked).toBeGreaterThanOrEqual(1);
    await expectPaidOnce(s, user.headers, order.orderId);
  });

  it('a create that times out or is refused is a clean 503; nothing is half made; it works again after', async () => {
    await acquirer.expectCreateFaultsClean(s, 'mmqr', [
      {
        on: () => (kbz().faults.createRefused = true),
        off: () => (kbz().faults.createRefused = false),
      },
      {
        on: () => (kbz().faults.createDelayMs = 12_000),
        off: () => (kbz().faults.createDelayMs = 0),
        slow: true,
      },
    ]);
  }, 30_000);

  it('Pay Again closes the replaced payment at KBZ; paid anyway, it is flagged for refund', async () => {
    const pending = await pendingTopUpOrder(s);
    const { session } = pending;
    // Closed in the background: the customer's answer does not wait on KBZ.
    await acquirer.closeAtKbz(s, kbz, pending, session.paymentReference, 'regenerate-qr');
    const closed = kbz()
      .seen.filter((r) => r.endpoint === 'closeorder')
      .at(-1);
    expect(closed).toMatchObject({
      signatureOk: true,
      biz: { merch_order_id: session.paymentReference },
    });
  });

  it('a cancelled order’s payment is closed at KBZ; paid anyway, it is flagged for refund', async () => {
    const pending = await pendingTopUpOrder(s);
    const { order, session } = pending;
    await acquirer.closeAtKbz(s, kbz, pending, session.paymentReference, 'cancel-payment');
    // A wallet that paid it before the close reached KBZ: recorded, flagged, not applied.
    const replies = await kbz().pay(session.paymentReference);
    expect(replies.map((r) => r.body)).toEqual(['success']);
    const [receipt] = await receiptsOf(s, order.orderId);
    expect(receipt).toMatchObject({ outcome: 'after_cancel', refundRequired: true });
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(0);
  });

  it('the redirect method opens KBZ’s PWA with the prepared order, signed', async () => {
    const { session } = await pendingTopUpOrder(s, 'direct');
    const url = new URL(session.paymentUrl ?? '');
    expect(`${url.origin}${url.pathname}${url.hash.split('?')[0] ?? ''}`).toBe(
      'https://pwa.kbz.test/pgw/pwa/#/',
    );
    // The query sits after the hash: appid, merch_code, nonce_str, prepay_id, timestamp, sign.
    const params = new URLSearchParams((session.paymentUrl ?? '').split('?')[1] ?? '');
    const order = kbz().order(session.paymentReference);
    expect(order.tradeType).toBe('PWAAPP');
    expect(params.get('prepay_id')).toBe(order.prepayId);
    const fields = Object.fromEntries([...params].filter(([name]) => name !== 'sign'));
    expect(Object.keys(fields).sort()).toEqual([
      'appid',
      'merch_code',
      'nonce_str',
      'prepay_id',
      'timestamp',
    ]);
    expect(kbz().signedByShop({ ...fields, sign: params.get('sign') })).toBe(true);
  });
});
