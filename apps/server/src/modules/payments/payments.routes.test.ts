import type { CartResponse } from '@shop/contracts/cart';
import type { ErrorBody } from '@shop/contracts/errors';
import type {
  PaymentStatusResponse,
  SandboxPayResponse,
  WebhookEvent,
} from '@shop/contracts/payments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { FULFIL_ORDER_JOB } from './payments.service.ts';
import {
  addToCart,
  call,
  cancelPayment,
  completeWith,
  createShopTest,
  initialize,
  openShopTest,
  orderAwaitingQrPayment,
  paymentRowsOf,
  signedIn,
  payInSandboxBank,
} from '../../test/checkout-kit.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentEvents, paymentReceipts } from './payments.tables.ts';
import { deliverSandboxWebhook, postToWebhook } from '../../test/webhook-kit.ts';

describe('payments: sandbox bank, webhook, expiry', () => {
  const s = openShopTest();

  const status = async (headers: Record<string, string>, orderId: string) => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}/payment-status`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentStatusResponse>().data;
  };
  const bankPay = (body: Record<string, unknown>) =>
    call(s, 'POST', '/api/v1/sandbox/bank/pay', {}, body);
  const orderRow = async (orderId: string) =>
    (await s.t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const paymentRows = (orderId: string) => paymentRowsOf(s, orderId);
  const receiptRows = (orderId: string) =>
    s.t.database.db.select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId));
  const fulfilJobs = async (orderId: string) =>
    (await s.t.database.db.select().from(jobs)).filter(
      (j) => j.type === FULFIL_ORDER_JOB && (j.payload as { orderId?: string }).orderId === orderId,
    );

  /** A delivery as the acquirer would send it, signed with `secret` at `timestamp`. */
  function delivery(
    event: WebhookEvent,
    options: { secret?: string; timestamp?: number; body?: string } = {},
  ) {
    return deliverSandboxWebhook(s.t, s.clock(), options.body ?? JSON.stringify(event), {
      ...options,
      signedText: JSON.stringify(event),
    });
  }
  const successEvent = (
    reference: string,
    amount: number,
    id = `evt_${Math.random().toString(36).slice(2)}`,
  ): WebhookEvent => ({
    id,
    type: 'payment.succeeded',
    data: { reference, amount, currency: 'MMK', occurredAt: s.clock().toISOString() },
  });

  it('sandbox bank pays an MM QR: webhook → order processing, fulfilment job, cart emptied', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    expect(payment.amount).toBe(2500);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('pending');
    const res = await bankPay({ qrPayload: payment.paymentQrCode });
    expect(res.statusCode, res.body).toBe(200);
    const paid = res.json<SandboxPayResponse>().data;
    expect(paid).toMatchObject({
      outcome: 'paid',
      amount: 2500,
      orderNumber: order.orderNumber,
      merchantName: 'မြန်မာ ငွေဖြည့်ဆိုင်',
      webhookStatus: 200,
    });
    const now = await status(user.headers, order.orderId);
    expect(now).toMatchObject({ paymentStatus: 'paid', status: 'processing', expiresAt: null });
    const jobRows = await fulfilJobs(order.orderId);
    expect(jobRows).toHaveLength(1);
    expect(jobRows[0]).toMatchObject({ type: 'fulfil_order', status: 'queued' });
    const cart = await call(s, 'GET', '/api/v1/cart', user.headers);
    expect(cart.json<CartResponse>().data.items).toEqual([]);
    // The paid order cannot be cancelled or paid again.
    const cancel = await cancelPayment(s, user.headers, order.orderId);
    expect(cancel.statusCode).toBe(409);
    const regen = await call(
      s,
      'PUT',
      `/api/v1/orders/${order.orderId}/regenerate-qr`,
      user.headers,
    );
    expect(regen.statusCode).toBe(409);
  });

  it('a refused payment ends that attempt only: the order stays open for Pay Again', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const res = await bankPay({ qrPayload: payment.paymentQrCode, outcome: 'failed' });
    expect(res.statusCode).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'failed',
      status: 'pending',
    });
    expect(await fulfilJobs(order.orderId)).toEqual([]);
  });

  it('the bank checks the payload: CRC, amount, expiry', async () => {
    const { payment } = await orderAwaitingQrPayment(s);
    const qr = payment.paymentQrCode ?? '';
    const edited = qr.replace(/5404\d{4}/, '54041000');
    const crc = await bankPay({ qrPayload: edited });
    expect(crc.statusCode).toBe(400);
    expect(crc.json<ErrorBody>().message).toBe('Invalid QR code: CRC does not match');
    const garbage = await bankPay({ qrPayload: 'hello' });
    expect(garbage.statusCode).toBe(400);
    const nothing = await bankPay({});
    expect(nothing.statusCode).toBe(400);
    s.clock.advance(301_000);
    const expired = await bankPay({ qrPayload: qr });
    expect(expired.statusCode).toBe(400);
    expect(expired.json<ErrorBody>().message).toBe('This QR code has expired');
  });

  it('rejects webhooks with a wrong secret, an altered body, a stale or missing timestamp', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const event = successEvent(payment.paymentReference, payment.amount);
    const wrongSecret = await delivery(event, { secret: 'x'.repeat(43) });
    expect(wrongSecret.statusCode).toBe(401);
    const altered = await delivery(event, {
      body: JSON.stringify({ ...event, data: { ...event.data, amount: 1 } }),
    });
    expect(altered.statusCode).toBe(401);
    const stale = await delivery(event, {
      timestamp: Math.floor(s.clock().getTime() / 1000) - 301,
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json<ErrorBody>().message).toBe('Webhook timestamp outside the tolerance');
    const future = await delivery(event, {
      timestamp: Math.floor(s.clock().getTime() / 1000) + 301,
    });
    expect(future.statusCode).toBe(401);
    const unsigned = await postToWebhook(s.t, 'sandbox', JSON.stringify(event));
    expect(unsigned.statusCode).toBe(401);
    const unknownProvider = await postToWebhook(s.t, 'otherbank', JSON.stringify(event));
    expect(unknownProvider.statusCode).toBe(404);
    // Nothing changed, nothing recorded.
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('pending');
    const events = await s.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(events).toEqual([]);
    // Within the tolerance and correctly signed it is accepted.
    const good = await delivery(event, { timestamp: Math.floor(s.clock().getTime() / 1000) - 299 });
    expect(good.statusCode).toBe(200);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('paid');
  });

  it('100 replays of one webhook change nothing', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const event = successEvent(payment.paymentReference, payment.amount);
    const first = await delivery(event);
    expect(first.json<{ data: { duplicate: boolean } }>().data.duplicate).toBe(false);
    const before = await orderRow(order.orderId);
    const replays = await Promise.all(Array.from({ length: 100 }, () => delivery(event)));
    for (const r of replays) {
      expect(r.statusCode).toBe(200);
      expect(r.json<{ data: { duplicate: boolean } }>().data.duplicate).toBe(true);
    }
    expect(await orderRow(order.orderId)).toEqual(before);
    expect(await fulfilJobs(order.orderId)).toHaveLength(1);
    const events = await s.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id));
    expect(events).toHaveLength(1);
    expect((await status(user.headers, order.orderId)).status).toBe('processing');
    // A second, different payment of the same QR is recorded but changes nothing either.
    const second = await delivery(successEvent(payment.paymentReference, payment.amount));
    expect(second.statusCode).toBe(200);
    expect(await fulfilJobs(order.orderId)).toHaveLength(1);
  });

  it('expires the payment after 300 s on read, and Pay Again makes a new QR', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    s.clock.advance(299_000);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('pending');
    s.clock.advance(2_000);
    const expired = await status(user.headers, order.orderId);
    expect(expired).toMatchObject({ paymentStatus: 'expired', status: 'pending', expiresAt: null });
    expect((await paymentRows(order.orderId))[0]?.status).toBe('expired');
    const regen = await call(
      s,
      'PUT',
      `/api/v1/orders/${order.orderId}/regenerate-qr`,
      user.headers,
    );
    expect(regen.statusCode).toBe(200);
    const again = regen.json<{ message: string; data: typeof payment }>();
    expect(again.message).toBe('QR code regenerated');
    expect(again.data.paymentQrCode).not.toBe(payment.paymentQrCode);
    expect(again.data.expiresInSeconds).toBe(300);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('pending');
    const paid = await bankPay({ qrPayload: again.data.paymentQrCode });
    expect(paid.statusCode).toBe(200);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('paid');
  });

  it('the periodic sweep expires payments nobody polls', async () => {
    const { order } = await orderAwaitingQrPayment(s);
    s.clock.advance(301_000);
    const result = await s.t.app.runPaymentSweep();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(order.orderId))?.paymentStatus).toBe('expired');
    expect((await paymentRows(order.orderId))[0]?.status).toBe('expired');
  });

  it('a payment confirmed after expiry or after cancel is recorded and flagged for refund', async () => {
    const late = await orderAwaitingQrPayment(s);
    s.clock.advance(301_000);
    await s.t.app.runPaymentSweep();
    const lateRes = await delivery(
      successEvent(late.payment.paymentReference, late.payment.amount),
    );
    expect(lateRes.statusCode).toBe(200);
    // The late money is recorded with its amount and flagged; the QR stays expired.
    expect(await receiptRows(late.order.orderId)).toMatchObject([
      {
        outcome: 'after_expiry',
        amount: late.payment.amount,
        refundRequired: true,
        refundAmount: late.payment.amount,
      },
    ]);
    expect((await paymentRows(late.order.orderId))[0]?.status).toBe('expired');
    expect((await orderRow(late.order.orderId))?.status).toBe('pending');
    expect(await fulfilJobs(late.order.orderId)).toEqual([]);

    const cancelled = await orderAwaitingQrPayment(s);
    const cancel = await cancelPayment(s, cancelled.user.headers, cancelled.order.orderId);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ message: string }>().message).toBe('Payment cancelled');
    expect(await status(cancelled.user.headers, cancelled.order.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
    });
    // Cancelling again is harmless.
    const again = await cancelPayment(s, cancelled.user.headers, cancelled.order.orderId);
    expect(again.statusCode).toBe(200);
    // The customer's wallet still pays the QR on screen (it has not expired).
    const paid = await bankPay({ qrPayload: cancelled.payment.paymentQrCode });
    expect(paid.statusCode).toBe(200);
    expect((await paymentRows(cancelled.order.orderId))[0]?.status).toBe('cancelled');
    expect(await receiptRows(cancelled.order.orderId)).toMatchObject([
      {
        outcome: 'after_cancel',
        amount: cancelled.payment.amount,
        refundRequired: true,
        refundAmount: cancelled.payment.amount,
      },
    ]);
    expect((await orderRow(cancelled.order.orderId))?.status).toBe('cancelled');
    expect(await fulfilJobs(cancelled.order.orderId)).toEqual([]);
    // Regenerating a cancelled order is refused.
    const regen = await call(
      s,
      'PUT',
      `/api/v1/orders/${cancelled.order.orderId}/regenerate-qr`,
      cancelled.user.headers,
    );
    expect(regen.statusCode).toBe(409);
  });

  it('A+ wallet requests are confirmed by the sandbox through the same webhook', async () => {
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('G-STEAM-10'),
      quantity: 1,
    });
    const order = await initialize(s, user.headers);
    const session = await completeWith(s, user.headers, order.orderId, 'aplus');
    const token = session.aplusPayment?.paymentToken ?? '';
    const forged = await bankPay({ paymentToken: `${token.split('.')[0]}.AAAA` });
    expect(forged.statusCode).toBe(400);
    const res = await bankPay({ paymentToken: token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
      paymentMethod: 'aplus',
    });
  });

  it('payment calls need the owner: guests get 401, others 404', async () => {
    const { order } = await orderAwaitingQrPayment(s);
    const guest = await call(s, 'GET', `/api/v1/orders/${order.orderId}/payment-status`, {
      'accept-language': 'en',
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json<ErrorBody>().message).toBe('User not authenticated');
    const other = await signedIn(s);
    for (const [method, path] of [
      ['GET', 'payment-status'],
      ['PUT', 'regenerate-qr'],
      ['PUT', 'cancel-payment'],
    ] as const) {
      const res = await call(s, method, `/api/v1/orders/${order.orderId}/${path}`, other.headers);
      expect(res.statusCode, path).toBe(404);
    }
    const bad = await call(s, 'GET', '/api/v1/orders/not-a-uuid/payment-status', other.headers);
    expect(bad.statusCode).toBe(404);
  });
});

describe('sandbox bank over real HTTP', () => {
  it('sends the signed webhook to the listening shop', async () => {
    const s = await createShopTest();
    try {
      await s.t.app.listen({ port: 0, host: '127.0.0.1' });
      const { user, order, payment } = await orderAwaitingQrPayment(s);
      const res = await payInSandboxBank(s, payment.paymentQrCode);
      expect(res.statusCode, res.body).toBe(200);
      const answer = await call(
        s,
        'GET',
        `/api/v1/orders/${order.orderId}/payment-status`,
        user.headers,
      );
      expect(answer.json<PaymentStatusResponse>().data.paymentStatus).toBe('paid');
    } finally {
      await s.t.close();
    }
  });
});

describe('another payment provider selected, or none', () => {
  it.each([
    ['realbank', { PAYMENT_PROVIDER: 'realbank' }],
    ['none', { PAYMENT_PROVIDER: '' }],
  ])(
    '%s: the sandbox bank route is absent, its webhook refused, payments unavailable',
    async (_, env) => {
      const s = await createShopTest(env);
      try {
        // Even a real QR of this shop does nothing: the route does not exist.
        const pay = await call(s, 'POST', '/api/v1/sandbox/bank/pay', {}, { qrPayload: 'x' });
        expect(pay.statusCode).toBe(404);
        expect(s.t.app.hasRoute({ method: 'POST', url: '/api/v1/sandbox/bank/pay' })).toBe(false);
        const hook = await postToWebhook(s.t, 'sandbox', '{}');
        expect(hook.statusCode).toBe(404);
        const user = await signedIn(s);
        await addToCart(s, user.headers, {
          productId: s.catalogue.productId('G-STEAM-10'),
          quantity: 1,
        });
        const order = await initialize(s, user.headers);
        const complete = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
          sessionId: order.orderId,
          paymentMethod: 'mmqr',
        });
        expect(complete.statusCode).toBe(503);
      } finally {
        await s.t.close();
      }
    },
  );
});
