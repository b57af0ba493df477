import type { OrderResponse } from '@shop/contracts/orders';
import type { PaymentSession } from '@shop/contracts/checkout';
import type { PaymentStatusResponse, WebhookEvent } from '@shop/contracts/payments';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import {
  call,
  cancelPayment,
  openShopTest,
  orderAwaitingQrPayment,
  paymentRowsOf,
} from '../../test/checkout-kit.ts';
import { paymentReceipts } from './payments.tables.ts';
import { deliverSandboxWebhook } from '../../test/webhook-kit.ts';

/**
 * Every kyat received is recorded (issue 11, ADR 0017): each webhook that reports money gets a
 * receipt with the amount received and what the shop did with it; what was not applied is
 * flagged for refund with that amount, and the customer sees it on the order.
 */
describe('payments: every payment received is recorded', () => {
  let n = 0;

  const s = openShopTest();

  function deliver(reference: string, amount: number, options: { currency?: string } = {}) {
    n += 1;
    const event: WebhookEvent = {
      id: `evt_receipts_${n}_${Date.now()}`,
      type: 'payment.succeeded',
      data: {
        reference,
        amount,
        currency: options.currency ?? 'MMK',
        occurredAt: s.clock().toISOString(),
      },
    };
    return deliverSandboxWebhook(s.t, s.clock(), JSON.stringify(event));
  }
  const receipts = (orderId: string) =>
    s.t.database.db.select().from(paymentReceipts).where(eq(paymentReceipts.orderId, orderId));
  const paymentRows = (orderId: string) => paymentRowsOf(s, orderId);
  const fulfilJobs = async (orderId: string) =>
    (await s.t.database.db.select().from(jobs)).filter(
      (j) => (j.payload as { orderId?: string }).orderId === orderId,
    );
  const status = async (headers: Record<string, string>, orderId: string) => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}/payment-status`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PaymentStatusResponse>().data;
  };
  const orderSeen = async (headers: Record<string, string>, orderId: string) => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OrderResponse>().data;
  };

  it('20 payments of one QR: 1 applied, 19 recorded with their amount and flagged for refund', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => deliver(payment.paymentReference, payment.amount)),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const rows = await receipts(order.orderId);
    expect(rows).toHaveLength(20);
    expect(rows.every((r) => r.amount === payment.amount && r.currency === 'MMK')).toBe(true);
    const applied = rows.filter((r) => r.outcome === 'applied');
    expect(applied).toHaveLength(1);
    expect(applied[0]).toMatchObject({ refundRequired: false, refundAmount: 0 });
    const duplicates = rows.filter((r) => r.outcome === 'duplicate');
    expect(duplicates).toHaveLength(19);
    for (const d of duplicates)
      expect(d).toMatchObject({ refundRequired: true, refundAmount: payment.amount });
    // The order was paid once: one fulfilment job, the payment itself not flagged.
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(await fulfilJobs(order.orderId)).toHaveLength(1);
    expect(await paymentRows(order.orderId)).toMatchObject([
      { status: 'paid', refundRequired: false },
    ]);
    // The customer sees the money due back.
    expect(await orderSeen(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      unappliedRefund: 19 * payment.amount,
    });
  });

  it('a wrong amount does not use up the QR: flagged, and the right amount afterwards pays', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const short = await deliver(payment.paymentReference, payment.amount - 500);
    expect(short.statusCode).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'pending',
      status: 'pending',
    });
    expect((await paymentRows(order.orderId))[0]?.status).toBe('pending');
    // A foreign currency is a wrong amount too, whatever the number.
    const dollars = await deliver(payment.paymentReference, payment.amount, { currency: 'USD' });
    expect(dollars.statusCode).toBe(200);
    const right = await deliver(payment.paymentReference, payment.amount);
    expect(right.statusCode).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(await fulfilJobs(order.orderId)).toHaveLength(1);
    const rows = await receipts(order.orderId);
    expect(rows.map((r) => [r.outcome, r.amount, r.currency, r.refundAmount]).sort()).toEqual(
      [
        ['applied', payment.amount, 'MMK', 0],
        ['wrong_amount', payment.amount - 500, 'MMK', payment.amount - 500],
        ['wrong_amount', payment.amount, 'USD', payment.amount],
      ].sort(),
    );
    // Only kyat are shown as kyat due back; the dollars are on the receipt for staff.
    expect((await orderSeen(user.headers, order.orderId)).unappliedRefund).toBe(
      payment.amount - 500,
    );
  });

  it('an overpayment pays the order and flags the part above the price', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const res = await deliver(payment.paymentReference, payment.amount + 7000);
    expect(res.statusCode).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(await receipts(order.orderId)).toMatchObject([
      {
        outcome: 'overpaid',
        amount: payment.amount + 7000,
        refundRequired: true,
        refundAmount: 7000,
      },
    ]);
    expect((await orderSeen(user.headers, order.orderId)).unappliedRefund).toBe(7000);
  });

  it('a payment after cancel is recorded and flagged; the customer sees the refund due', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const cancel = await cancelPayment(s, user.headers, order.orderId);
    expect(cancel.statusCode).toBe(200);
    const res = await deliver(payment.paymentReference, payment.amount);
    expect(res.statusCode).toBe(200);
    const seen = await orderSeen(user.headers, order.orderId);
    expect(seen).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'cancelled',
      unappliedRefund: payment.amount,
    });
    expect(await receipts(order.orderId)).toMatchObject([
      { outcome: 'after_cancel', amount: payment.amount, refundAmount: payment.amount },
    ]);
    expect(await fulfilJobs(order.orderId)).toEqual([]);
  });

  it('a payment after expiry is recorded and flagged; Pay Again then pays the order', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    s.clock.advance(301_000);
    expect((await status(user.headers, order.orderId)).paymentStatus).toBe('expired');
    const late = await deliver(payment.paymentReference, payment.amount);
    expect(late.statusCode).toBe(200);
    expect(await receipts(order.orderId)).toMatchObject([
      { outcome: 'after_expiry', amount: payment.amount, refundAmount: payment.amount },
    ]);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'expired',
      status: 'pending',
    });
    const regen = await call(s, 'PUT', `/api/v1/orders/${order.orderId}/regenerate-qr`, {
      ...user.headers,
    });
    expect(regen.statusCode).toBe(200);
    const again = regen.json<{ data: PaymentSession }>().data;
    expect((await deliver(again.paymentReference, again.amount)).statusCode).toBe(200);
    expect(await orderSeen(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
      unappliedRefund: payment.amount,
    });
  });

  it('a declined payment does not end the order: Pay Again gives a new QR, paid → completed', async () => {
    const { user, order, payment } = await orderAwaitingQrPayment(s);
    const bank = (qrPayload: string | null, outcome: 'paid' | 'failed') =>
      call(s, 'POST', '/api/v1/sandbox/bank/pay', {}, { qrPayload, outcome });
    const declined = await bank(payment.paymentQrCode, 'failed');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'failed',
      status: 'pending',
    });
    expect(await receipts(order.orderId)).toMatchObject([
      { outcome: 'declined', amount: 0, refundRequired: false, refundAmount: 0 },
    ]);
    const regen = await call(s, 'PUT', `/api/v1/orders/${order.orderId}/regenerate-qr`, {
      ...user.headers,
    });
    expect(regen.statusCode, regen.body).toBe(200);
    const again = regen.json<{ data: PaymentSession }>().data;
    expect(again.paymentQrCode).not.toBe(payment.paymentQrCode);
    expect(again.paymentStatus).toBe('pending');
    // A refusal of the new QR by someone holding a copy changes nothing for good either.
    expect((await bank(again.paymentQrCode, 'failed')).statusCode).toBe(200);
    const paid = await bank(again.paymentQrCode, 'paid');
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await status(user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    await s.t.app.runPendingJobs();
    expect(await orderSeen(user.headers, order.orderId)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      unappliedRefund: 0,
    });
    // The first, replaced QR no longer pays the order: its money would be kept for a refund.
    expect((await paymentRows(order.orderId)).map((p) => p.status).sort()).toEqual([
      'cancelled',
      'paid',
    ]);
  });
});
