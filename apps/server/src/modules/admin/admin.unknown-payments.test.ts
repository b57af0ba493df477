import { adminMessages } from '@shop/contracts/admin-messages';
import { adminPaymentMessages } from '@shop/contracts/admin-payments-messages';
import type { AdminUnknownPayment } from '@shop/contracts/admin-payments';
import type { ErrorBody } from '@shop/contracts/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWaveStandin, type WaveStandin } from '../../test/standins/wave.ts';
import { login } from '../../test/auth-kit.ts';
import {
  call,
  callbackThroughInject,
  createShopTest,
  fulfilJobsOf,
  paymentStatusOf,
  pendingTopUpOrder,
  receiptsOf,
  type ShopTest,
  expectPaidOnce,
} from '../../test/checkout-kit.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentEvents, payments } from '../payments/payments.tables.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';
import { auditLog } from './admin.tables.ts';

/*
 * Issue 27 / ADR 0059: Wave has no status API, so a payment it never reports on is recorded as
 * "outcome unknown". The back-office lists those payments; an admin who checked Wave's merchant
 * portal records "paid" (the order is paid and fulfilled as by Wave's own callback, once) or "not
 * paid" (the payment ends and the waiting order is cancelled).
 */

const LIST = '/api/v1/admin/payments/unknown';
const finding = (paymentId: string) => `/api/v1/admin/payments/${paymentId}/finding`;

type ListBody = { data: AdminUnknownPayment[]; meta: { total: number } };
type FindingBody = { message: string; data: AdminUnknownPayment };

describe('payments whose outcome is unknown, in the back-office', () => {
  let s: ShopTest;
  let wave: WaveStandin;
  // Staff sessions end after 15 idle minutes: each test signs its staff in after Wave's silence.
  let admin: SignedInStaff;
  let secondAdmin: SignedInStaff;
  let support: SignedInStaff;

  beforeAll(async () => {
    wave = await startWaveStandin({
      sendCallback: callbackThroughInject(() => s),
    });
    // An hour of card holds: a customer may still open a new payment (Pay Again) after Wave's
    // 15 silent minutes.
    s = await createShopTest({
      PAYMENT_PROVIDER: 'wave',
      CARD_HOLD_MAX_WINDOWS: '12',
      ...wave.env,
    });
  });
  afterAll(async () => {
    await s.t.close();
    await wave.close();
  });

  /** A Wave payment of a pending order that Wave never reported on, recorded unknown by the sweep. */
  async function unknownWavePayment() {
    const pending = await pendingTopUpOrder(s, 'direct');
    // The 5-minute window, Wave's promised 15 minutes after it, and the sweep's minute of grace.
    s.clock.advance(5 * 60_000 + 15 * 60_000 + 61_000);
    await s.t.app.runPaymentSweep();
    await s.t.app.runPaymentReconciliation();
    admin = await signedInStaff(s.t, s.clock, 'admin');
    secondAdmin = await signedInStaff(s.t, s.clock, 'admin');
    support = await signedInStaff(s.t, s.clock, 'support');
    const [payment] = await s.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, pending.session.paymentReference));
    if (!payment) throw new Error('no payment');
    // The customer's access token has ended too: they sign in again.
    const tokens = await login(s.t, pending.user.person);
    const headers = { ...pending.user.headers, authorization: `Bearer ${tokens.accessToken}` };
    return { ...pending, user: { ...pending.user, headers }, payment };
  }

  async function listed(reference: string, query = '') {
    const res = await call(s, 'GET', `${LIST}${query}`, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListBody>().data.find((row) => row.reference === reference);
  }

  const dashboardCount = async () => {
    const res = await call(s, 'GET', '/api/v1/admin/dashboard', support.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { unknownPayments: number } }>().data.unknownPayments;
  };

  const findingsAudited = async (paymentId: string) =>
    (
      await s.t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'payment.unknown_finding'))
    ).filter((row) => (row.after as { paymentId?: string }).paymentId === paymentId);

  it('lists the unknown payment with its order, customer, amount, provider and window; the dashboard counts it', async () => {
    support = await signedInStaff(s.t, s.clock, 'support');
    const before = await dashboardCount();
    const { order, user, payment } = await unknownWavePayment();
    const row = await listed(payment.reference);
    expect(row).toEqual({
      paymentId: payment.id,
      reference: payment.reference,
      provider: 'wave',
      amountMmk: 1000,
      windowEndedAt: payment.expiresAt.toISOString(),
      unknownSince: expect.any(String) as unknown,
      paymentStatus: 'expired',
      order: {
        id: order.orderId,
        orderNumber: order.orderNumber,
        status: 'pending',
        paymentStatus: 'expired',
      },
      customer: {
        id: user.userId,
        name: user.person.name,
        email: user.person.email,
        phoneNumber: expect.any(String) as unknown,
      },
      resolution: null,
    });
    expect(await listed(payment.reference, '?state=unresolved')).toBeDefined();
    expect(await listed(payment.reference, '?state=resolved')).toBeUndefined();
    expect(await dashboardCount()).toBeGreaterThanOrEqual(before + 1);
  });

  it('"paid" pays and fulfils the order once, clicked twice and by two admins at once; audited', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const unresolvedBefore = await dashboardCount();
    const answers = await Promise.all([
      call(s, 'POST', finding(payment.id), admin.headers, { finding: 'paid' }),
      call(s, 'POST', finding(payment.id), secondAdmin.headers, { finding: 'paid' }),
      call(s, 'POST', finding(payment.id), admin.headers, { finding: 'paid' }),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.map((res) => res.json<FindingBody>().message).sort()).toEqual(
      [
        adminPaymentMessages.alreadyMarked.en,
        adminPaymentMessages.alreadyMarked.en,
        adminPaymentMessages.markedPaid.en,
      ].sort(),
    );
    await expectPaidOnce(s, user.headers, order.orderId);
    const audited = await findingsAudited(payment.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]?.after).toMatchObject({ finding: 'paid', outcome: 'applied' });
    expect([admin.email, secondAdmin.email]).toContain(audited[0]?.actorEmail);

    const row = await listed(payment.reference, '?state=resolved');
    expect(row?.resolution).toMatchObject({
      finding: 'paid',
      by: 'staff',
      staffEmail: audited[0]?.actorEmail,
      outcome: 'applied',
    });
    expect(row?.order).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect(await dashboardCount()).toBe(unresolvedBefore - 1);

    // The other finding is refused; the order's timeline says what staff found.
    const otherwise = await call(s, 'POST', finding(payment.id), admin.headers, {
      finding: 'not_paid',
    });
    expect(otherwise.statusCode).toBe(409);
    expect(otherwise.json<ErrorBody>().message).toBe(adminPaymentMessages.foundOtherwise.en);
    const detail = await call(s, 'GET', `/api/v1/admin/orders/${order.orderId}`, admin.headers);
    const texts = detail
      .json<{ data: { timeline: { text: string }[] } }>()
      .data.timeline.map((e) => e.text);
    expect(texts).toContainEqual(
      expect.stringContaining("Staff's finding from the wave merchant portal: paid"),
    );
    expect(texts).toContainEqual(
      expect.stringContaining(`checked the wave merchant portal for payment ${payment.reference}`),
    );

    // Wave's own word arriving after all is the same money: nothing to refund, nothing paid twice.
    expect((await wave.callback(payment.reference, 'PAYMENT_CONFIRMED')).status).toBe(200);
    expect(
      (await receiptsOf(s, order.orderId)).map((r) => [r.outcome, r.amount, r.refundRequired]),
    ).toEqual([
      ['applied', 1000, false],
      ['confirmed', 1000, false],
    ]);
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
  });

  it('"paid" and "not paid" at once: one finding counts, the other is refused', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const answers = await Promise.all([
      call(s, 'POST', finding(payment.id), admin.headers, { finding: 'paid' }),
      call(s, 'POST', finding(payment.id), secondAdmin.headers, { finding: 'not_paid' }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((res) => res.statusCode === 409);
    expect(refused?.json<ErrorBody>().message).toBe(adminPaymentMessages.foundOtherwise.en);
    const audited = await findingsAudited(payment.id);
    expect(audited).toHaveLength(1);
    const paid = (audited[0]?.after as { finding: string }).finding === 'paid';
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject(
      paid
        ? { paymentStatus: 'paid', status: 'processing' }
        : { paymentStatus: 'cancelled', status: 'cancelled' },
    );
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(paid ? 1 : 0);
  });

  it('"not paid" ends the payment and cancels the waiting order, once', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const first = await call(s, 'POST', finding(payment.id), admin.headers, {
      finding: 'not_paid',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<FindingBody>().message).toBe(adminPaymentMessages.markedNotPaidCancelled.en);
    expect(first.json<FindingBody>().data).toMatchObject({
      paymentStatus: 'expired',
      order: { status: 'cancelled', paymentStatus: 'cancelled' },
      resolution: { finding: 'not_paid', by: 'staff', staffEmail: admin.email },
    });
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'cancelled',
      status: 'cancelled',
    });
    const again = await call(s, 'POST', finding(payment.id), secondAdmin.headers, {
      finding: 'not_paid',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json<FindingBody>().message).toBe(adminPaymentMessages.alreadyMarked.en);
    const paid = await call(s, 'POST', finding(payment.id), admin.headers, { finding: 'paid' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<ErrorBody>().message).toBe(adminPaymentMessages.foundOtherwise.en);
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(0);
    expect(await findingsAudited(payment.id)).toHaveLength(1);
  });

  it('a later callback from Wave resolves it; staff may no longer mark it', async () => {
    const { order, payment } = await unknownWavePayment();
    expect((await wave.callback(payment.reference, 'PAYMENT_CONFIRMED')).status).toBe(200);
    expect((await listed(payment.reference))?.resolution).toMatchObject({
      finding: 'paid',
      by: 'provider',
      staffEmail: null,
      outcome: 'applied',
    });
    const res = await call(s, 'POST', finding(payment.id), admin.headers, { finding: 'paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe(adminPaymentMessages.reportedSince.en);
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
    expect((await receiptsOf(s, order.orderId)).map((r) => r.outcome)).toEqual(['applied']);
    expect(await findingsAudited(payment.id)).toHaveLength(0);
  });

  it('"not paid" waits while the customer is paying the order again', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const again = await call(
      s,
      'PUT',
      `/api/v1/orders/${order.orderId}/regenerate-qr`,
      user.headers,
    );
    expect(again.statusCode, again.body).toBe(200);
    const res = await call(s, 'POST', finding(payment.id), admin.headers, {
      finding: 'not_paid',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().message).toBe(adminPaymentMessages.payingAgain.en);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'pending',
      status: 'pending',
    });
    expect((await listed(payment.reference))?.resolution).toBeNull();
    expect(await findingsAudited(payment.id)).toHaveLength(0);
  });

  it('support reads the list but may not mark; customers and strangers get nothing', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const asSupport = await call(s, 'POST', finding(payment.id), support.headers, {
      finding: 'paid',
    });
    expect(asSupport.statusCode).toBe(403);
    expect(asSupport.json<ErrorBody>().message).toBe(adminMessages.roleTooLow.en);
    const asCustomer = await call(s, 'POST', finding(payment.id), user.headers, {
      finding: 'paid',
    });
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json<ErrorBody>().message).toBe(adminMessages.staffOnly.en);
    expect((await call(s, 'GET', LIST, user.headers)).statusCode).toBe(403);
    expect((await call(s, 'GET', LIST, {})).statusCode).toBe(401);
    expect((await call(s, 'POST', finding(payment.id), {}, { finding: 'paid' })).statusCode).toBe(
      401,
    );
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'expired',
      status: 'pending',
    });
    expect((await listed(payment.reference))?.resolution).toBeNull();
  });

  it('bad input is a 4xx with a clear message and changes nothing', async () => {
    const { order, user, payment } = await unknownWavePayment();
    const open = await pendingTopUpOrder(s, 'direct');
    const [openPayment] = await s.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, open.session.paymentReference));
    if (!openPayment) throw new Error('no open payment');
    const cases: {
      url: string;
      body: unknown;
      status: number;
      message: string;
      headers?: Record<string, string>;
    }[] = [
      {
        url: finding(payment.id),
        body: { finding: 'maybe' },
        status: 400,
        message: 'Finding must be paid or not_paid',
      },
      {
        url: finding(payment.id),
        body: {},
        status: 400,
        message: 'Finding must be paid or not_paid',
      },
      {
        url: finding(payment.id),
        body: { finding: 'maybe' },
        status: 400,
        message: 'တွေ့ရှိချက်သည် paid (ငွေရရှိ) သို့မဟုတ် not_paid (ငွေမရရှိ) ဖြစ်ရပါမည်',
        headers: { 'accept-language': 'my' },
      },
      {
        url: finding('not-a-payment'),
        body: { finding: 'paid' },
        status: 400,
        message: 'Payment not found',
      },
      {
        url: finding('00000000-0000-4000-8000-000000000000'),
        body: { finding: 'paid' },
        status: 404,
        message: adminPaymentMessages.paymentNotFound.en,
      },
      // A payment Wave may still report on is not unknown: nobody may guess about it.
      {
        url: finding(openPayment.id),
        body: { finding: 'paid' },
        status: 409,
        message: adminPaymentMessages.notUnknown.en,
      },
      {
        url: finding(openPayment.id),
        body: { finding: 'paid' },
        status: 409,
        message: adminPaymentMessages.notUnknown.my,
        headers: { 'accept-language': 'my' },
      },
    ];
    for (const c of cases) {
      const res = await call(s, 'POST', c.url, { ...admin.headers, ...c.headers }, c.body);
      expect(res.statusCode, `${c.url} ${JSON.stringify(c.body)}: ${res.body}`).toBe(c.status);
      expect(res.json<ErrorBody>().message).toBe(c.message);
    }
    const badState = await call(s, 'GET', `${LIST}?state=lost`, support.headers);
    expect(badState.statusCode).toBe(400);
    expect(badState.json<ErrorBody>().message).toBe('State must be unresolved or resolved');

    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'expired',
      status: 'pending',
    });
    expect(await paymentStatusOf(s, open.user.headers, open.order.orderId)).toMatchObject({
      paymentStatus: 'pending',
      status: 'pending',
    });
    const staffEvents = await s.t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.provider, 'wave'), eq(paymentEvents.paymentId, openPayment.id)));
    expect(staffEvents).toHaveLength(0);
    expect(await findingsAudited(payment.id)).toHaveLength(0);
    expect(await findingsAudited(openPayment.id)).toHaveLength(0);
    const [row] = await s.t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('pending');
  });
});

describe('the sandbox bank’s silence (the demo’s and browser tests’ unknown payment)', () => {
  let s: ShopTest;

  beforeAll(async () => {
    s = await createShopTest({ PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => s.t.close());

  it('records an open payment’s outcome unknown at once; staff may then mark it paid', async () => {
    const { order, user, session } = await pendingTopUpOrder(s, 'mmqr');
    const silence = () =>
      call(s, 'POST', '/api/v1/sandbox/bank/silence', {}, { qrPayload: session.paymentQrCode });
    const res = await silence();
    expect(res.statusCode, res.body).toBe(200);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'expired',
      status: 'pending',
    });
    const again = await silence();
    expect(again.statusCode).toBe(409);

    const admin = await signedInStaff(s.t, s.clock, 'admin');
    const list = await call(s, 'GET', `${LIST}?state=unresolved`, admin.headers);
    const row = list.json<ListBody>().data.find((r) => r.reference === session.paymentReference);
    expect(row).toMatchObject({ provider: 'sandbox', order: { id: order.orderId } });
    const paid = await call(s, 'POST', finding(row?.paymentId ?? ''), admin.headers, {
      finding: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'paid',
      status: 'processing',
    });
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(1);
  });
});
