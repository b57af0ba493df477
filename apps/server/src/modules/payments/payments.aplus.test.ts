import { openStandin } from '../../test/app-kit.ts';
import { describe, expect, it } from 'vitest';
import { startAplusStandin } from '../../test/standins/aplus.ts';
import {
  fulfilJobsOf,
  paymentStatusOf,
  pendingTopUpOrder,
  receiptsOf,
  openShopTest,
  expectStillUnpaid,
} from '../../test/checkout-kit.ts';

/*
 * Issue 27 / ADR 0058: PAYMENT_PROVIDER=aplus. A+ calls back with an unsigned GET that anyone can
 * forge: it only makes the shop ask ABank's enquiry, and only the enquiry can pay.
 */

describe('payments through A+ (stand-in)', () => {
  const aplus = openStandin(() =>
    startAplusStandin({
      sendCallback: async (url) => {
        const target = new URL(url);
        const res = await s.t.app.inject({
          method: 'GET',
          url: `${target.pathname}${target.search}`,
        });
        return { status: res.statusCode, body: res.body };
      },
    }),
  );
  const s = openShopTest(() => ({ PAYMENT_PROVIDER: 'aplus', ...aplus().env }));

  const forged = {
    amount: '1000',
    status: 'SUCCESS',
    transactionId: 'FORGED1',
    billNo: 'B1',
    endToEndId: 'E1',
    transactionDateTime: '2026-12-02 10:00:00',
    institutionName: 'A+',
  };

  it('the order is created with the auth headers; the QR shown is ABank’s', async () => {
    const { session } = await pendingTopUpOrder(s);
    const order = aplus().order(session.paymentReference);
    expect(order).toMatchObject({
      amount: 1000,
      callbackUrl: 'http://shop.test/api/v1/payments/webhook/aplus',
    });
    expect(order.createdDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(session.paymentQrCode).toContain(session.paymentReference);
    expect(aplus().refusedAuth).toBe(0);
  });

  it('a forged "SUCCESS" callback pays nothing while the enquiry says pending', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    const reply = await aplus().callback(session.paymentReference, forged);
    expect(reply.status).toBe(200);
    await expectStillUnpaid(s, user.headers, order.orderId);
  });

  it('the callback after a real payment pays once, as the enquiry says', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    aplus().settle(session.paymentReference, 200);
    for (let i = 0; i < 3; i += 1) {
      const reply = await aplus().callback(session.paymentReference, forged);
      expect(reply).toEqual({ status: 200, body: 'OK' });
    }
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
  });

  it('the enquiry’s amount is checked: too little is recorded for refund, the QR stays open', async () => {
    const { user, order, session } = await pendingTopUpOrder(s);
    aplus().settle(session.paymentReference, 200, 10);
    await aplus().callback(session.paymentReference, forged);
    expect((await paymentStatusOf(s, user.headers, order.orderId)).paymentStatus).toBe('pending');
    const [receipt] = await receiptsOf(s, order.orderId);
    expect(receipt).toMatchObject({ outcome: 'wrong_amount', amount: 10, refundRequired: true });
  });

  it('a callback naming nothing, or no callback at all: the sweep asks and pays', async () => {
    const bad = await s.t.app.inject({ method: 'GET', url: '/api/v1/payments/webhook/aplus' });
    expect(bad.statusCode).toBe(400);
    const { user, order, session } = await pendingTopUpOrder(s);
    aplus().settle(session.paymentReference, 200);
    s.clock.advance(61_000);
    const run = await s.t.app.runPaymentReconciliation();
    expect(run.applied).toBeGreaterThanOrEqual(1);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
    });
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
  });
});
