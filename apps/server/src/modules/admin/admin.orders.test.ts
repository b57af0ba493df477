import { randomUUID } from 'node:crypto';
import { adminMessages } from '@shop/contracts/admin-messages';
import { adminOrderDetailResponseSchema } from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { orderResponseSchema } from '@shop/contracts/orders';
import { formatRecipientNumber } from '@shop/contracts/phone';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { errorOf, outboxFor } from '../../test/auth-kit.ts';
import { call, signedIn, topUpPaidWithPoints } from '../../test/checkout-kit.ts';
import { DECLINED_PHONE, paidOrder, stockCards, TIMEOUT_PHONE } from '../../test/fulfilment-kit.ts';
import { loyaltyAccounts } from '../loyalty/loyalty.tables.ts';
import { openOrderDesk, signedInStaff, timelineTexts } from '../../test/admin-kit.ts';

/*
 * Issue 17, order detail and order actions: GET /api/v1/admin/orders/{id} with its timeline, the
 * refund paid out by bank or given as points (once, even when pressed five times at once), and
 * the codes e-mail sent again. PGlite here; PostgreSQL with TEST_DATABASE_URL (where the five
 * calls really run in parallel transactions).
 */

describe('back-office order detail and actions', () => {
  // A point is worth 300 Ks: a 1,000 Ks line or refund is 3.33 points, given as 4.
  const { s, desk, db, ledgerOf, auditOf, jobsOf, refundRow, refund } = openOrderDesk();
  /** A paid MM QR order whose top-up the operator declines: failed, 1,000 Ks refund pending. */
  const failedOrder = async (withCard = false) => {
    if (withCard) await stockCards(s, 'G-STEAM-10', 1);
    const made = await paidOrder(s, [
      ...(withCard ? [{ sku: 'G-STEAM-10', quantity: 1 }] : []),
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    return made;
  };

  it('shows an order: lines, refund and a timeline of what the database recorded, oldest first', async () => {
    const { user, order } = await failedOrder(true);
    // The buyer reveals the delivered card: the timeline shows the scratch.
    const mine = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, user.headers);
    const cardId = orderResponseSchema.parse(mine.json()).data.items[0]?.cards[0]?.cardId ?? '';
    const scratched = await call(s, 'PUT', `/api/v1/cards/${cardId}/scratch`, user.headers, {
      scratch: true,
    });
    expect(scratched.statusCode, scratched.body).toBe(200);

    const res = await call(s, 'GET', `/api/v1/admin/orders/${order.orderId}`, desk.support.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = adminOrderDetailResponseSchema.parse(res.json());
    expect(body.message).toBe(adminMessages.fetched.en);
    const detail = body.data;
    expect(detail.order).toMatchObject({
      id: order.orderId,
      orderNumber: order.orderNumber,
      status: 'failed',
      paymentStatus: 'refund_pending',
      customer: { id: user.userId, email: user.person.email },
      recipients: [`95${DECLINED_PHONE.slice(1)}`],
      itemCount: 2,
    });
    expect(detail.items).toMatchObject([
      {
        kind: 'giftcard',
        quantity: 1,
        status: 'delivered',
        failureCode: null,
        recipientPhone: null,
        cardsDelivered: 1,
        cardsRevealed: 1,
      },
      {
        kind: 'topup',
        unitPriceMmk: 1000,
        status: 'failed',
        failureCode: 'declined',
        recipientPhone: `95${DECLINED_PHONE.slice(1)}`,
      },
    ]);
    expect(detail.items[1]?.productName.my).toBeTruthy();
    expect(detail.refund).toMatchObject({
      status: 'refund_pending',
      destination: 'bank',
      amountMmk: 1000,
      points: null,
      reference: null,
      refundedAt: null,
      partial: true,
      toCheck: false,
    });

    const times = detail.timeline.map((e) => e.at);
    expect(times).toEqual([...times].sort());
    expect(detail.timeline[0]).toMatchObject({ kind: 'checkout' });
    expect(timelineTexts(detail, 'checkout')[0]).toContain(
      `Order ${order.orderNumber} placed: 2 items`,
    );
    expect(timelineTexts(detail, 'payment').join('\n')).toMatch(/MMQR payment of .* opened/);
    expect(timelineTexts(detail, 'payment').join('\n')).toMatch(/Payment of .* received \(mmqr\)/);
    expect(timelineTexts(detail, 'webhook').join('\n')).toMatch(/Webhook .*: applied; received/);
    expect(timelineTexts(detail, 'job')).toEqual(
      expect.arrayContaining([
        'Fulfilment job queued',
        'Fulfilment job done',
        expect.stringMatching(/^1 card of .* delivered$/),
        'Order ended failed',
      ]),
    );
    expect(timelineTexts(detail, 'topup')).toEqual([
      // The recipient as people read it (issue 26), as the shop writes numbers elsewhere.
      expect.stringContaining(`Top-up request for ${formatRecipientNumber(DECLINED_PHONE)} (`),
      expect.stringMatching(/^Top-up declined by simulator/),
    ]);
    expect(timelineTexts(detail, 'email')).toEqual(
      expect.arrayContaining(['Codes e-mail queued', 'Refund notice (failed) by e-mail/SMS done']),
    );
    expect(timelineTexts(detail, 'scratch')).toEqual([
      expect.stringMatching(/^1 card of .* revealed by the buyer$/),
    ]);
    expect(timelineTexts(detail, 'refund')).toEqual([
      'Refund of 1,000 MMK owed for the failed part (to the bank)',
    ]);
    // No secret of the order is in it: neither the PIN nor the QR payload (EMVCo, "000201…").
    const { pin } = scratched.json<{ data: { pin: string } }>().data;
    expect(pin.length).toBeGreaterThan(4);
    expect(JSON.stringify(detail)).not.toContain(pin);
    expect(JSON.stringify(detail)).not.toContain('000201');
  });

  it('answers 404 for no such order, 400 for a malformed id, in the caller’s language', async () => {
    const missing = await call(
      s,
      'GET',
      `/api/v1/admin/orders/${randomUUID()}`,
      desk.support.headers,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe(adminOrderMessages.orderNotFound.en);
    const burmese = await call(s, 'GET', `/api/v1/admin/orders/${randomUUID()}`, {
      ...desk.support.headers,
      'accept-language': 'my',
    });
    expect(errorOf(burmese).message).toBe(adminOrderMessages.orderNotFound.my);
    const malformed = await call(s, 'GET', '/api/v1/admin/orders/not-an-id', desk.support.headers);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).message).toBe(adminSchemaMessages.orderId.en);
    for (const url of ['refund', 'resend-codes']) {
      const res = await call(
        s,
        'POST',
        `/api/v1/admin/orders/${randomUUID()}/${url}`,
        desk.admin.headers,
        { destination: 'points' },
      );
      expect(res.statusCode, url).toBe(404);
      expect(errorOf(res).message).toBe(adminOrderMessages.orderNotFound.en);
    }
  });

  it('answers 401 without a staff session, 403 to a customer, and lets only admin refund', async () => {
    const { user, order } = await failedOrder();
    const url = `/api/v1/admin/orders/${order.orderId}`;
    expect((await call(s, 'GET', url, { 'accept-language': 'en' })).statusCode).toBe(401);
    const customer = await call(s, 'GET', url, user.headers);
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer).message).toBe(adminMessages.staffOnly.en);
    const bySupport = await refund(order.orderId, { destination: 'points' }, desk.support);
    expect(bySupport.statusCode).toBe(403);
    expect(errorOf(bySupport).message).toBe(adminMessages.roleTooLow.en);
    expect((await refundRow(order.orderId))?.status).toBe('refund_pending');
  });

  it('refuses a bank refund without a good reference (400) and changes nothing', async () => {
    const { order } = await failedOrder();
    for (const body of [
      { destination: 'bank' },
      { destination: 'bank', reference: '   ' },
      { destination: 'bank', reference: 'x'.repeat(101) },
      { destination: 'bank', reference: 'KBZ\u0007' },
      { destination: 'cash' },
      {},
    ]) {
      const res = await refund(order.orderId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message).toBe(
        body.destination !== 'bank'
          ? adminSchemaMessages.refundDestination.en
          : body.reference?.includes('\u0007')
            ? adminSchemaMessages.refundReferenceText.en
            : adminSchemaMessages.refundReference.en,
      );
    }
    for (const body of [undefined, 'bank', ['bank'], { destination: 'bank', reference: 42 }]) {
      const res = await refund(order.orderId, body);
      // A bare string goes as text/plain: 415; the rest are JSON the schema refuses.
      expect([400, 415], JSON.stringify(body)).toContain(res.statusCode);
      expect(errorOf(res).message).toBeTruthy();
    }
    const burmese = await refund(
      order.orderId,
      { destination: 'bank' },
      { headers: { ...desk.admin.headers, 'accept-language': 'my' } },
    );
    expect(errorOf(burmese).message).toBe(adminSchemaMessages.refundReference.my);
    expect(await refundRow(order.orderId)).toMatchObject({
      status: 'refund_pending',
      reference: null,
    });
    expect(await auditOf(order.orderId)).toHaveLength(0);
    expect(await jobsOf(order.orderId, 'send_refund_notice')).toHaveLength(1);
  });

  it('pays a bank refund with its reference (trimmed): audited, the customer told, then idempotent', async () => {
    const { user, order } = await failedOrder();
    const res = await refund(order.orderId, { destination: 'bank', reference: '  KBZ-123456 ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = adminOrderDetailResponseSchema.parse(res.json());
    expect(body.message).toBe(adminOrderMessages.refundedToBank.en);
    expect(body.data.refund).toMatchObject({
      status: 'refunded',
      destination: 'bank',
      reference: 'KBZ-123456',
    });
    expect(body.data.order.paymentStatus).toBe('refunded');
    expect(timelineTexts(body.data, 'staff')).toEqual([
      `${desk.admin.email} marked the refund paid to the bank (reference KBZ-123456)`,
    ]);
    expect(await ledgerOf(order.orderId)).toHaveLength(0);
    const again = await refund(order.orderId, { destination: 'points' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toBe(adminOrderMessages.refundAlreadyDone.en);
    expect(adminOrderDetailResponseSchema.parse(again.json()).data.refund).toMatchObject({
      destination: 'bank',
      reference: 'KBZ-123456',
    });
    expect(await ledgerOf(order.orderId)).toHaveLength(0);
    expect(await auditOf(order.orderId)).toHaveLength(1);
    await s.t.app.runPendingJobs();
    const done = outboxFor(s.t, user.person.email).filter((m) =>
      /refund for order/.test(m.subject),
    );
    expect(done).toHaveLength(1);
    expect(done[0]?.text).toContain('Reference: KBZ-123456');
  });

  it('gives a refund as points: one ledger entry (rounded up), the customer’s page refunded, notice queued, audited', async () => {
    const { user, order } = await failedOrder();
    const balance = async () =>
      (await db().select().from(loyaltyAccounts).where(eq(loyaltyAccounts.userId, user.userId)))[0]
        ?.balance ?? 0;
    const before = await balance();
    const res = await refund(order.orderId, { destination: 'points' });
    expect(res.statusCode, res.body).toBe(200);
    const body = adminOrderDetailResponseSchema.parse(res.json());
    expect(body.message).toBe(adminOrderMessages.refundedToPoints.en);
    expect(body.data.refund).toMatchObject({
      status: 'refunded',
      destination: 'points',
      amountMmk: 1000,
      points: 4,
    });
    expect(body.data.refund?.refundedAt).toBeTruthy();
    expect(timelineTexts(body.data, 'refund')).toContain(
      "Refund done: 4 points to the customer's points",
    );
    expect(timelineTexts(body.data, 'points')).toEqual([
      `4 points given back (balance ${String(before + 4)})`,
    ]);
    expect(timelineTexts(body.data, 'staff')).toEqual([
      `${desk.admin.email} gave the refund as 4 points`,
    ]);

    expect(await ledgerOf(order.orderId)).toMatchObject([
      { kind: 'refund', points: 4, userId: user.userId },
    ]);
    expect(await balance()).toBe(before + 4);
    const [entry, ...more] = await auditOf(order.orderId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'order.refund',
      actorEmail: desk.admin.email,
      before: { status: 'refund_pending', destination: 'bank', points: null },
      after: { status: 'refunded', destination: 'points', points: 4, pointsReturned: 4 },
    });
    const notices = await jobsOf(order.orderId, 'send_refund_notice');
    expect(notices.map((j) => j.dedupeKey).sort()).toEqual([
      `send_refund_notice:failed:${order.orderId}`,
      `send_refund_notice:refunded:${order.orderId}`,
    ]);

    // The customer's own order page shows it refunded, to points.
    const mine = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, user.headers);
    expect(orderResponseSchema.parse(mine.json()).data).toMatchObject({
      paymentStatus: 'refunded',
      refundPending: false,
      refund: { status: 'refunded', destination: 'points', points: 4, amount: 1000 },
    });
    await s.t.app.runPendingJobs();
    const done = outboxFor(s.t, user.person.email).filter((m) =>
      /refund for order/.test(m.subject),
    );
    expect(done).toHaveLength(1);
    expect(done[0]?.text).toContain('4 points (1,000 Ks) were returned to your points balance.');

    // Pressed again: the same answer, nothing more given.
    const again = await refund(order.orderId, { destination: 'points' });
    expect(again.statusCode).toBe(200);
    expect(again.json<{ message: string }>().message).toBe(adminOrderMessages.refundAlreadyDone.en);
    expect(await ledgerOf(order.orderId)).toHaveLength(1);
    expect(await balance()).toBe(before + 4);
    expect(await auditOf(order.orderId)).toHaveLength(1);
  });

  it('gives points once when five admins press at the same moment', async () => {
    const { order } = await failedOrder();
    const others = await Promise.all([1, 2, 3, 4].map(() => signedInStaff(s.t, s.clock, 'admin')));
    const answers = await Promise.all(
      [desk.admin, ...others].map((staff) =>
        refund(order.orderId, { destination: 'points' }, staff),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const messages = answers.map((a) => a.json<{ message: string }>().message).sort();
    expect(messages.filter((m) => m === adminOrderMessages.refundedToPoints.en)).toHaveLength(1);
    expect(messages.filter((m) => m === adminOrderMessages.refundAlreadyDone.en)).toHaveLength(4);
    expect(await ledgerOf(order.orderId)).toHaveLength(1);
    expect(await auditOf(order.orderId)).toHaveLength(1);
    expect(await jobsOf(order.orderId, 'send_refund_notice')).toHaveLength(2);
  });

  it('a points order’s unconfirmed top-up: to check, refunded only as points (bank is a 409), once', async () => {
    const user = await signedIn(s);
    await db().insert(loyaltyAccounts).values({ userId: user.userId, balance: 50 });
    const order = await topUpPaidWithPoints(s, user.headers, TIMEOUT_PHONE);
    // Its last attempt: the aggregator times out, the job gives up, the line is unconfirmed.
    const [job] = await jobsOf(order.orderId, 'fulfil_order');
    await db()
      .update(jobs)
      .set({ attempts: 9 })
      .where(eq(jobs.id, job?.id ?? ''));
    await s.t.app.runPendingJobs();
    const shown = await call(
      s,
      'GET',
      `/api/v1/admin/orders/${order.orderId}`,
      desk.support.headers,
    );
    const detail = adminOrderDetailResponseSchema.parse(shown.json()).data;
    expect(detail.items[0]).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
    expect(detail.refund).toMatchObject({
      status: 'refund_pending',
      destination: 'points',
      points: 4,
      toCheck: true,
    });
    expect(timelineTexts(detail, 'topup')).toHaveLength(1);
    expect(timelineTexts(detail, 'points')).toEqual(['4 points spent to pay (balance 46)']);

    const bank = await refund(order.orderId, { destination: 'bank', reference: 'KBZ-1' });
    expect(bank.statusCode).toBe(409);
    expect(errorOf(bank).message).toBe(adminOrderMessages.pointsOnly.en);
    expect(await auditOf(order.orderId)).toHaveLength(0);

    const res = await refund(order.orderId, { destination: 'points' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminOrderDetailResponseSchema.parse(res.json()).data.refund).toMatchObject({
      status: 'refunded',
      destination: 'points',
      points: 4,
    });
    expect((await ledgerOf(order.orderId)).map((l) => [l.kind, l.points]).sort()).toEqual([
      ['redeem', -4],
      ['refund_checked', 4],
    ]);
    expect((await refund(order.orderId, { destination: 'points' })).statusCode).toBe(200);
    expect(await ledgerOf(order.orderId)).toHaveLength(2);
    expect(await auditOf(order.orderId)).toHaveLength(1);
  });

  it('refuses a refund where none is waiting (409)', async () => {
    const { order } = await paidOrder(s, [
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: '09250000001' },
    ]);
    await s.t.app.runPendingJobs();
    const res = await refund(order.orderId, { destination: 'points' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).message).toBe(adminOrderMessages.noPendingRefund.en);
    expect(await ledgerOf(order.orderId)).toHaveLength(1); // the points it earned, nothing else
    expect(await auditOf(order.orderId)).toHaveLength(0);
  });

  it('sends the codes e-mail again (support may), audited; 409 for an order without codes', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const user = await signedIn(s);
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], { user });
    await s.t.app.runPendingJobs();
    const codes = () =>
      outboxFor(s.t, user.person.email).filter(
        (m) => m.subject.includes(order.orderNumber) && /codes/.test(m.subject),
      );
    expect(codes()).toHaveLength(1);

    const res = await call(
      s,
      'POST',
      `/api/v1/admin/orders/${order.orderId}/resend-codes`,
      desk.support.headers,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = adminOrderDetailResponseSchema.parse(res.json());
    expect(body.message).toBe(adminOrderMessages.codesResent.en);
    expect(timelineTexts(body.data, 'email')).toContain(
      'Codes e-mail (sent again by staff) queued',
    );
    expect(timelineTexts(body.data, 'staff')).toEqual([
      `${desk.support.email} sent the codes e-mail again`,
    ]);
    await s.t.app.runPendingJobs();
    expect(codes()).toHaveLength(2);
    expect(await jobsOf(order.orderId, 'send_order_codes')).toHaveLength(2);
    expect(await auditOf(order.orderId)).toMatchObject([
      { action: 'order.resend_codes', actorEmail: desk.support.email },
    ]);
    // Twice is twice: each press is a new job.
    await call(
      s,
      'POST',
      `/api/v1/admin/orders/${order.orderId}/resend-codes`,
      desk.support.headers,
    );
    await s.t.app.runPendingJobs();
    expect(codes()).toHaveLength(3);

    const { order: topup } = await failedOrder();
    const none = await call(
      s,
      'POST',
      `/api/v1/admin/orders/${topup.orderId}/resend-codes`,
      desk.support.headers,
    );
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).message).toBe(adminOrderMessages.noCodes.en);
    expect(await jobsOf(topup.orderId, 'send_order_codes')).toHaveLength(0);
  });
});
