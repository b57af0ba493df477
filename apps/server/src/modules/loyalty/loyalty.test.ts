import type { ProfileResponse } from '@shop/contracts/auth';
import type { ErrorBody } from '@shop/contracts/errors';
import type { PaymentSessionResponse } from '@shop/contracts/checkout';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import {
  addMptTopUp,
  addToCart,
  call,
  completeWith,
  openShopTest,
  initialize,
  MPT_PHONE,
  paymentRowsOf,
  signedIn,
  payInSandboxBank,
} from '../../test/checkout-kit.ts';
import { emptyStock, memberWithPoints, paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { JOB_MAX_ATTEMPTS } from '../../platform/job-worker.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { membershipOf } from './loyalty.service.ts';
import { loyaltyAccounts, loyaltyLedger } from './loyalty.tables.ts';

describe('membership tiers (README defaults)', () => {
  const config = loadConfig({}).loyalty;

  it('places points in bronze, silver, gold and platinum with the spec’s bounds', () => {
    expect(membershipOf(config, null)).toMatchObject({
      pointsBalance: 0,
      currentTier: { name: 'bronze', minPoints: 0, maxPoints: 500, isHighestTier: false },
      nextTier: 'silver',
      pointsToNextTier: 500,
      tierDiscountPercent: 0,
    });
    expect(membershipOf(config, { balance: 10, lifetimeEarned: 499 }).currentTier.name).toBe(
      'bronze',
    );
    expect(membershipOf(config, { balance: 10, lifetimeEarned: 500 })).toMatchObject({
      pointsBalance: 10,
      tierPoints: 500,
      currentTier: { name: 'silver', minPoints: 500, maxPoints: 2000 },
      pointsToNextTier: 1500,
      tierDiscountPercent: 1,
    });
    expect(membershipOf(config, { balance: 0, lifetimeEarned: 2000 }).currentTier.name).toBe(
      'gold',
    );
    expect(membershipOf(config, { balance: 7000, lifetimeEarned: 9000 })).toMatchObject({
      currentTier: { name: 'platinum', minPoints: 5000, maxPoints: null, isHighestTier: true },
      nextTier: null,
      pointsToNextTier: null,
      tierDiscountPercent: 3,
    });
  });
});

describe('loyalty: points, tier discount at checkout, payment by points', () => {
  // Small figures so a few test orders move through the tiers: silver at 50 points (5% off),
  // 1 point per 1,000 Ks, a point pays 100 Ks.
  const s = openShopTest({
    TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
    LOYALTY_TIER_POINTS: '0,50,1000,5000',
    LOYALTY_TIER_DISCOUNTS: '0,5,10,15',
    LOYALTY_POINT_VALUE_MMK: '100',
  });
  beforeAll(async () => {
    await emptyStock(s, 'G-STEAM-10');
  });

  const profile = async (headers: Record<string, string>) => {
    const res = await call(s, 'GET', '/api/v1/users/profile', headers);
    expect(res.statusCode).toBe(200);
    return res.json<ProfileResponse>().membership;
  };
  const balanceOf = async (userId: string) =>
    (
      await s.t.database.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId))
    )[0]?.balance ?? 0;

  const ledgerOf = (orderId: string) =>
    s.t.database.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, orderId));
  const orderRow = async (orderId: string) =>
    (await s.t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  // A memberWithPoints (fulfilment-kit) has 45 points at this test's rates.

  /** That member's order of two 1,000 Ks MPT top-ups to `phoneNumber`, paid with points. */
  const topupsPaidWithPoints = async (
    user: Awaited<ReturnType<typeof signedIn>>,
    phoneNumber: string,
  ) => {
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-MPT-1000'),
      quantity: 2,
      phoneNumber,
    });
    const order = await initialize(s, user.headers);
    await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    return order;
  };

  it('credits a completed order once, shows it in the profile, and the tier discount applies at the next checkout', async () => {
    const user = await signedIn(s);
    await stockCards(s, 'G-STEAM-10', 2);
    await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 2 }], { user });
    await s.t.app.runPendingJobs();
    // 90,000 Ks paid → 90 points: silver (50), 1,000 to gold.
    expect(await profile(user.headers)).toMatchObject({
      pointsBalance: 90,
      tierPoints: 90,
      currentTier: { name: 'silver', minPoints: 50, maxPoints: 1000, isHighestTier: false },
      nextTier: 'gold',
      pointsToNextTier: 910,
      tierDiscountPercent: 5,
    });

    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-OOR-5000'),
      quantity: 1,
      phoneNumber: '09970000001',
    });
    const order = await initialize(s, user.headers);
    // 2,900 Ks on sale, 5% tier discount rounded down: 145 Ks.
    expect(order).toMatchObject({
      subtotal: 5000,
      tierDiscount: 145,
      discount: 2100 + 145,
      total: 2755,
    });
  });

  it('pays an order with points: debited atomically, fulfilled like a paid order, no points earned on it', async () => {
    const user = await memberWithPoints(s);
    expect(await balanceOf(user.userId)).toBe(45);

    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-MPT-1000'),
      quantity: 3,
      phoneNumber: MPT_PHONE,
    });
    const order = await initialize(s, user.headers);
    const methods = await call(
      s,
      'GET',
      `/api/v1/checkout/payment-methods?sessionId=${order.orderId}`,
      user.headers,
    );
    expect(
      methods
        .json<{ data: { id: string; isEnabled: boolean }[] }>()
        .data.find((m) => m.id === 'points'),
    ).toMatchObject({ isEnabled: true });
    const res = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PaymentSessionResponse>().data).toMatchObject({
      paymentMethod: 'points',
      paymentStatus: 'paid',
      amount: 3000,
      paymentQrCode: null,
    });
    // 3,000 Ks at 100 Ks a point.
    expect(await balanceOf(user.userId)).toBe(15);
    await s.t.app.runPendingJobs();
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      paymentMethod: 'points',
    });
    const ledger = await ledgerOf(order.orderId);
    expect(ledger.map((l) => [l.kind, l.points, l.balanceAfter])).toEqual([['redeem', -30, 15]]);
    expect((await profile(user.headers))?.tierPoints).toBe(45);

    // Paying it again changes nothing.
    const again = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(user.userId)).toBe(15);
  });

  it('too few points: a clear 409 and nothing changes', async () => {
    const user = await signedIn(s);
    await addMptTopUp(s, user.headers);
    const order = await initialize(s, user.headers);
    const res = await call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe(
      'Not enough points: this order needs 10 points and you have 0',
    );
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    expect(await paymentRowsOf(s, order.orderId)).toEqual([]);
  });

  it('two orders racing for one balance: exactly one is paid, the balance never goes below zero', async () => {
    const user = await memberWithPoints(s);
    expect(await balanceOf(user.userId)).toBe(45);
    const sessions: string[] = [];
    for (const phone of ['09250000011', '09250000012']) {
      await addToCart(s, user.headers, {
        productId: s.catalogue.productId('T-MPT-1000'),
        quantity: 3,
        phoneNumber: phone,
      });
      sessions.push((await initialize(s, user.headers)).orderId);
      s.clock.advance(61_000);
      await call(s, 'DELETE', '/api/v1/cart/clear', user.headers);
    }
    const results = await Promise.all(
      sessions.map((sessionId) =>
        call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
          sessionId,
          paymentMethod: 'points',
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(user.userId)).toBe(15);
  });

  it('a points order whose line fails gets those points back', async () => {
    const user = await memberWithPoints(s);
    // The simulator declines it.
    const order = await topupsPaidWithPoints(user, '09250000000');
    expect(await balanceOf(user.userId)).toBe(25);
    await s.t.app.runPendingJobs();
    expect(await balanceOf(user.userId)).toBe(45);
    const ledger = await ledgerOf(order.orderId);
    expect(ledger.map((l) => [l.kind, l.points]).sort()).toEqual([
      ['redeem', -20],
      ['refund', 20],
    ]);
    // The points went back: recorded on the payment, with no cash refund flagged.
    const [payment] = await paymentRowsOf(s, order.orderId);
    expect(payment).toMatchObject({
      method: 'points',
      refundRequired: false,
      refundAmountMmk: 2000,
    });
    expect(payment?.refundReason).toMatch(/^points_returned: fulfilment_failed/);
  });

  it('a points-paid top-up the aggregator never confirmed: no points back until support has checked', async () => {
    const user = await memberWithPoints(s);
    // The simulator tops up, and its first answer is lost.
    const order = await topupsPaidWithPoints(user, '09250009999');
    expect(await balanceOf(user.userId)).toBe(25);
    // The job's last attempt times out: the order fails with the line unconfirmed.
    const [job] = (await s.t.database.db.select().from(jobs)).filter(
      (j) => (j.payload as { orderId?: string }).orderId === order.orderId,
    );
    await s.t.database.db
      .update(jobs)
      .set({ attempts: JOB_MAX_ATTEMPTS - 1 })
      .where(eq(jobs.id, job?.id ?? ''));
    await s.t.app.runPendingJobs();
    expect((await orderRow(order.orderId))?.status).toBe('failed');
    // The top-up did arrive: giving the points back now would pay for it twice.
    expect(await balanceOf(user.userId)).toBe(25);
    const [payment] = await paymentRowsOf(s, order.orderId);
    expect(payment).toMatchObject({
      method: 'points',
      refundRequired: true,
      refundAmountMmk: 2000,
    });
    expect(payment?.refundReason).toMatch(
      /^check unconfirmed top-ups with the aggregator before refunding \(20 points\); fulfilment_failed: /,
    );
  });

  it('choosing points after a QR was opened, then paying the QR: a failed line is a cash refund, no points minted', async () => {
    const user = await memberWithPoints(s);
    expect(await balanceOf(user.userId)).toBe(45);
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-MPT-1000'),
      quantity: 2,
      phoneNumber: '09250000000', // the simulator declines it
    });
    const order = await initialize(s, user.headers);
    const qr = await completeWith(s, user.headers, order.orderId);
    const chosen = await call(s, 'POST', '/api/v1/checkout/payment-method', user.headers, {
      sessionId: order.orderId,
      paymentMethod: 'points',
    });
    expect(chosen.statusCode).toBe(200);
    const paid = await payInSandboxBank(s, qr.paymentQrCode);
    expect(paid.statusCode).toBe(200);
    await s.t.app.runPendingJobs();
    expect(await balanceOf(user.userId)).toBe(45);
    expect(await ledgerOf(order.orderId)).toEqual([]);
    const [payment] = await paymentRowsOf(s, order.orderId);
    expect(payment).toMatchObject({ method: 'mmqr', refundRequired: true, refundAmountMmk: 2000 });
    // The order names what paid it, not the method chosen after the QR was opened.
    const row = await orderRow(order.orderId);
    expect(row?.paymentMethod).toBe('mmqr');
  });
});
