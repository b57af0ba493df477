import { openStandin } from '../../test/app-kit.ts';
import { describe, expect, it } from 'vitest';
import { startKbzStandin } from '../../test/standins/kbzpay.ts';
import { startWaveStandin } from '../../test/standins/wave.ts';
import {
  callbackThroughInject,
  fulfilJobsOf,
  methodsOfferedToNewCustomer,
  paymentStatusOf,
  pendingTopUpOrder,
  openShopTest,
} from '../../test/checkout-kit.ts';
import { postToWebhook } from '../../test/webhook-kit.ts';
import { WAVE_CALLBACK_HASH_FIELDS, waveHash } from './providers/wave.ts';

/*
 * Issue 27 / ADR 0059: several acquirers at once. PAYMENT_PROVIDER=kbzpay,wave: MM QR goes to
 * KBZPay (the first named that collects it), the redirect to Wave (KBZPay's PWA is not set up);
 * each provider's callbacks reach its own payments only.
 */

describe('PAYMENT_PROVIDER=kbzpay,wave (stand-ins)', () => {
  const inject = callbackThroughInject(() => s);
  const kbz = openStandin(() => startKbzStandin({ sendCallback: inject }));
  const wave = openStandin(() => startWaveStandin({ sendCallback: inject }));
  const s = openShopTest(() => ({ PAYMENT_PROVIDER: 'kbzpay,wave', ...kbz().env, ...wave().env }));

  it('checkout offers MM QR and the redirect; each is made at its own acquirer', async () => {
    expect(await methodsOfferedToNewCustomer(s)).toMatchObject({
      mmqr: true,
      direct: true,
      aplus: false,
    });
    const qr = await pendingTopUpOrder(s, 'mmqr');
    expect(kbz().order(qr.session.paymentReference).tradeType).toBe('PAY_BY_QRCODE');
    expect(wave().requests.has(qr.session.paymentReference)).toBe(false);
    const redirect = await pendingTopUpOrder(s, 'direct');
    expect(wave().request(redirect.session.paymentReference).fields.amount).toBe('1000');
    expect(kbz().orders.has(redirect.session.paymentReference)).toBe(false);
  });

  it('each provider’s callback pays its own payment; one naming the other’s pays nothing', async () => {
    const qr = await pendingTopUpOrder(s, 'mmqr');
    const redirect = await pendingTopUpOrder(s, 'direct');

    // A rightly hashed Wave callback naming the KBZ payment's reference: Wave has no such
    // payment, so it is recorded as unknown and pays nothing.
    const stray: Record<string, unknown> = {
      status: 'PAYMENT_CONFIRMED',
      timeToLiveSeconds: 300,
      merchantId: wave().env.WAVE_MERCHANT_ID,
      orderId: qr.order.orderNumber,
      amount: '1000',
      backendResultUrl: 'http://shop.test/api/v1/payments/webhook/wave',
      merchantReferenceId: qr.session.paymentReference,
      initiatorMsisdn: '9791009039',
      transactionId: 'T1',
      paymentRequestId: '999',
      requestTime: '2026-12-02T10:00:00',
    };
    stray.hashValue = waveHash(stray, WAVE_CALLBACK_HASH_FIELDS, wave().env.WAVE_SECRET_KEY ?? '');
    const strayReply = await postToWebhook(s.t, 'wave', JSON.stringify(stray));
    expect(strayReply.statusCode).toBe(200);
    expect((await paymentStatusOf(s, qr.user.headers, qr.order.orderId)).paymentStatus).toBe(
      'pending',
    );

    expect((await kbz().pay(qr.session.paymentReference)).map((r) => r.body)).toEqual(['success']);
    expect(
      (await wave().callback(redirect.session.paymentReference, 'PAYMENT_CONFIRMED')).status,
    ).toBe(200);
    for (const { user, order } of [qr, redirect]) {
      expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
        paymentStatus: 'paid',
        status: 'processing',
      });
      expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
    }
  });

  it('the sweep asks KBZ about its payments and watches Wave’s for silence', async () => {
    const qr = await pendingTopUpOrder(s, 'mmqr');
    await kbz().pay(qr.session.paymentReference, { lost: true });
    s.clock.advance(61_000);
    const run = await s.t.app.runPaymentReconciliation();
    expect(run.applied).toBeGreaterThanOrEqual(1);
    expect((await paymentStatusOf(s, qr.user.headers, qr.order.orderId)).paymentStatus).toBe(
      'paid',
    );
  });
});
