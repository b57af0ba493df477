import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderResponseSchema, orderListResponseSchema, type Order } from '@shop/contracts/orders';
import { paymentStatusResponseSchema } from '@shop/contracts/payments';
import { jobs } from '../../platform/jobs.tables.ts';
import { outboxFor } from '../../test/auth-kit.ts';
import { users } from '../auth/auth.tables.ts';
import {
  call,
  openShopTest,
  MPT_PHONE,
  signedIn,
  topUpPaidWithPoints,
} from '../../test/checkout-kit.ts';
import {
  DECLINED_PHONE,
  emptyStock,
  memberWithPoints,
  paidOrder,
  stockCards,
  TIMEOUT_PHONE,
} from '../../test/fulfilment-kit.ts';
import { loyaltyAccounts } from '../loyalty/loyalty.tables.ts';
import { createLoyaltyService } from '../loyalty/loyalty.service.ts';
import { orders } from '../orders/orders.tables.ts';
import { markRefundDone, RefundError, REFUND_NOTICE_JOB } from './refunds.service.ts';

describe('refunds of failed orders (ADR 0020)', () => {
  // A point pays 100 Ks here, so one E-PIN order earns enough to pay a top-up with points.
  const s = openShopTest({
    TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
    LOYALTY_POINT_VALUE_MMK: '100',
  });
  beforeAll(async () => {
    await emptyStock(s, 'G-STEAM-10');
  });

  const db = () => s.t.database.db;
  const loyalty = () =>
    createLoyaltyService({ db: db(), config: s.t.config.loyalty, clock: s.clock });
  const detail = async (orderId: string, headers: Record<string, string>, lang = 'en') => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}`, {
      ...headers,
      'accept-language': lang,
    });
    expect(res.statusCode).toBe(200);
    return orderResponseSchema.parse(res.json()).data;
  };
  const listed = async (orderId: string, headers: Record<string, string>) => {
    const res = await call(s, 'GET', '/api/v1/orders?limit=50', headers);
    expect(res.statusCode).toBe(200);
    return orderListResponseSchema.parse(res.json()).data.find((o) => o.orderId === orderId);
  };
  const paymentStatus = async (orderId: string, headers: Record<string, string>) => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}/payment-status`, headers);
    expect(res.statusCode).toBe(200);
    return paymentStatusResponseSchema.parse(res.json()).data.paymentStatus;
  };
  const mails = (to: string, subject: RegExp) =>
    outboxFor(s.t, to).filter((m) => m.kind === 'email' && subject.test(m.subject));
  const noticeJobs = async (orderId: string) =>
    (await db().select().from(jobs).where(eq(jobs.type, REFUND_NOTICE_JOB))).filter(
      (j) => (j.payload as { orderId?: string }).orderId === orderId,
    );

  it('a declined top-up paid by MM QR: refund_pending to the bank, told once; support marks it refunded, told once', async () => {
    const { user, order } = await paidOrder(s, [
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    const shown = await detail(order.orderId, user.headers);
    expect(shown).toMatchObject({
      status: 'failed',
      paymentStatus: 'refund_pending',
      refundPending: true,
      refund: {
        status: 'refund_pending',
        destination: 'bank',
        amount: 1000,
        points: null,
        partial: false,
        workingDays: 7,
        refundedAt: null,
      },
    });
    expect((await listed(order.orderId, user.headers))?.refund?.status).toBe('refund_pending');
    expect(await paymentStatus(order.orderId, user.headers)).toBe('refund_pending');
    const [row] = await db().select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.paymentStatus).toBe('refund_pending');

    const failedMail = mails(user.person.email, /could not be delivered/);
    expect(failedMail).toHaveLength(1);
    expect(failedMail[0]?.subject).toBe(`Order ${order.orderNumber} could not be delivered`);
    expect(failedMail[0]?.text).toContain('The operator could not top up this number');
    expect(failedMail[0]?.text).toContain(
      'Refund: 1,000 Ks goes back to the bank account or wallet you paid from within 7 working days. Status: refund pending.',
    );
    expect(failedMail[0]?.text).toContain(
      '× 1 (Top-up to 09 250 000 000 (MPT)): The operator could not top up this number',
    );
    expect(failedMail[0]?.text).not.toContain('A part of');
    // Running the queue again (a restart, a second worker) tells nobody twice.
    await s.t.app.runPendingJobs();
    expect(mails(user.person.email, /could not be delivered/)).toHaveLength(1);
    expect(await noticeJobs(order.orderId)).toMatchObject([{ status: 'done' }]);

    // A bank refund needs the payout's reference; nothing changes without it.
    await expect(markRefundDone(db(), loyalty(), order.orderId)).rejects.toBeInstanceOf(
      RefundError,
    );
    expect((await detail(order.orderId, user.headers)).paymentStatus).toBe('refund_pending');

    const done = await markRefundDone(db(), loyalty(), order.orderId, { reference: 'KBZ-778899' });
    expect(done).toMatchObject({
      changed: true,
      refund: { status: 'refunded', reference: 'KBZ-778899' },
    });
    const again = await markRefundDone(db(), loyalty(), order.orderId, { reference: 'other' });
    expect(again).toMatchObject({ changed: false, refund: { reference: 'KBZ-778899' } });
    await s.t.app.runPendingJobs();
    await s.t.app.runPendingJobs();
    const after = await detail(order.orderId, user.headers);
    expect(after).toMatchObject({
      paymentStatus: 'refunded',
      refundPending: false,
      refund: { status: 'refunded', workingDays: null },
    });
    expect(after.refund?.refundedAt).toEqual(expect.any(String));
    expect((await listed(order.orderId, user.headers))?.paymentStatus).toBe('refunded');
    const doneMail = mails(user.person.email, /refund for order/);
    expect(doneMail).toHaveLength(1);
    expect(doneMail[0]?.subject).toBe(`Your refund for order ${order.orderNumber} is done`);
    expect(doneMail[0]?.text).toContain('1,000 Ks was refunded to the bank account or wallet');
    expect(doneMail[0]?.text).toContain('Reference: KBZ-778899');
    expect(mails(user.person.email, /could not be delivered/)).toHaveLength(1);
  });

  it('a part failed: "A part of this order" wording, only the failed line refunded, in Burmese', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const { user, order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: 1 },
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE },
    ]);
    await db().update(orders).set({ language: 'my' }).where(eq(orders.id, order.orderId));
    await s.t.app.runPendingJobs();
    const shown = await detail(order.orderId, user.headers, 'my');
    expect(shown.refund).toMatchObject({ partial: true, amount: 1000, destination: 'bank' });
    expect(shown.items.map((i) => i.status)).toEqual(['delivered', 'failed']);
    const [mail] = mails(user.person.email, /တစ်စိတ်တစ်ပိုင်း/);
    expect(mail?.subject).toBe(`အော်ဒါ ${order.orderNumber} ၏ တစ်စိတ်တစ်ပိုင်းကို ပို့ဆောင်၍ မရပါ`);
    // One numeral system on a Burmese page (the e-mail had Latin digits, the codes e-mail did not).
    expect(mail?.text).toContain('၁,၀၀၀ ကျပ်');
    expect(mail?.text).not.toMatch(/Refund|delivered|Status/);
  });

  it('a points order whose line fails: refunded to points at once, one notice; a whole failure does not say "A part"', async () => {
    const user = await memberWithPoints(s);
    const order = await topUpPaidWithPoints(s, user.headers, DECLINED_PHONE);
    await s.t.app.runPendingJobs();
    const shown: Order = await detail(order.orderId, user.headers);
    expect(shown).toMatchObject({
      status: 'failed',
      paymentStatus: 'refunded',
      refundPending: false,
      refund: {
        status: 'refunded',
        destination: 'points',
        amount: 1000,
        points: 10,
        workingDays: null,
      },
    });
    const [mail, ...more] = mails(user.person.email, /could not be delivered|refund for order/);
    expect(more).toHaveLength(0);
    expect(mail?.text).toContain(
      'Refund: 10 points (1,000 Ks) are back in your points balance now. Status: refunded.',
    );
    // Already refunded: support has nothing to mark, and nobody is told again.
    expect(await markRefundDone(db(), loyalty(), order.orderId)).toMatchObject({ changed: false });
    expect(await noticeJobs(order.orderId)).toHaveLength(1);
  });

  it('a points order whose top-up was never confirmed: pending until support checks it, then its points come back once', async () => {
    const user = await memberWithPoints(s);
    const order = await topUpPaidWithPoints(s, user.headers, TIMEOUT_PHONE);
    // Its last attempt: the aggregator times out, the job gives up, the line is unconfirmed.
    const [job] = (await db().select().from(jobs)).filter(
      (j) =>
        j.type === 'fulfil_order' && (j.payload as { orderId?: string }).orderId === order.orderId,
    );
    await db()
      .update(jobs)
      .set({ attempts: 9 })
      .where(eq(jobs.id, job?.id ?? ''));
    await s.t.app.runPendingJobs();
    const balance = async () =>
      (await db().select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, user.userId)))[0]
        ?.balance;
    const before = await balance();
    expect(await detail(order.orderId, user.headers)).toMatchObject({
      status: 'failed',
      paymentStatus: 'refund_pending',
      refund: { status: 'refund_pending', destination: 'points', points: 10, toCheck: true },
    });
    const [mail] = mails(user.person.email, /could not be delivered/);
    expect(mail?.text).toContain('is checked with the operator first');

    expect(await markRefundDone(db(), loyalty(), order.orderId)).toMatchObject({ changed: true });
    expect(await markRefundDone(db(), loyalty(), order.orderId)).toMatchObject({ changed: false });
    expect(await balance()).toBe((before ?? 0) + 10);
    await s.t.app.runPendingJobs();
    expect(await detail(order.orderId, user.headers)).toMatchObject({
      paymentStatus: 'refunded',
      refund: { status: 'refunded', destination: 'points' },
    });
    const done = mails(user.person.email, /refund for order/);
    expect(done).toHaveLength(1);
    expect(done[0]?.text).toContain('10 points (1,000 Ks) were returned to your points balance.');
  });

  it('a phone account (e-mail not verified) also gets the notice by SMS', async () => {
    const user = await signedIn(s);
    await db().update(users).set({ emailVerifiedAt: null }).where(eq(users.id, user.userId));
    const { order } = await paidOrder(
      s,
      [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE }],
      {
        user,
      },
    );
    await s.t.app.runPendingJobs();
    const sms = outboxFor(s.t, `+${user.person.phone95}`).filter((m) => m.kind === 'sms');
    expect(sms.at(-1)?.text).toContain(`Order ${order.orderNumber} could not be delivered`);
    expect(sms.at(-1)?.text).toContain('refund pending');
  });

  it('a delivered order has no refund and keeps paymentStatus paid', async () => {
    const { user, order } = await paidOrder(s, [
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    expect(await detail(order.orderId, user.headers)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      refund: null,
      refundPending: false,
    });
    expect(await noticeJobs(order.orderId)).toHaveLength(0);
  });
});
