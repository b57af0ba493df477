import { randomUUID } from 'node:crypto';
import { adminOrderDetailResponseSchema } from '@shop/contracts/admin-orders';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import { orderLineMessages } from '@shop/contracts/order-line-messages';
import { orderResponseSchema } from '@shop/contracts/orders';
import { formatRecipientNumber } from '@shop/contracts/phone';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { errorOf, outboxFor } from '../../test/auth-kit.ts';
import { call, signedIn, topUpPaidWithPoints } from '../../test/checkout-kit.ts';
import { DECLINED_PHONE, paidOrder, stockCards, TIMEOUT_PHONE } from '../../test/fulfilment-kit.ts';
import { topupRequests, topupSimulatorTransactions } from '../fulfilment/fulfilment.tables.ts';
import { loyaltyAccounts } from '../loyalty/loyalty.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { openOrderDesk, signedInStaff, timelineTexts } from '../../test/admin-kit.ts';

/*
 * Issue 17 / ADR 0036, line actions of the back-office order page: an `unconfirmed` top-up
 * resolved (delivered / not delivered) and a failed top-up sent again. PGlite here; PostgreSQL
 * with TEST_DATABASE_URL, where the parallel calls really run in parallel transactions.
 */

describe('back-office: resolving and retrying top-up lines', () => {
  // A point is worth 300 Ks: a 1,000 Ks line or refund is 3.33 points, given as 4.
  const { s, desk, db, ledgerOf, auditOf, jobsOf, refundRow, refund } = openOrderDesk();
  const resolve = (orderId: string, itemId: string, body: unknown, staff = desk.admin) =>
    call(s, 'POST', `/api/v1/admin/orders/${orderId}/items/${itemId}/resolve`, staff.headers, body);
  const retry = (orderId: string, itemId: string, staff = desk.admin) =>
    call(s, 'POST', `/api/v1/admin/orders/${orderId}/items/${itemId}/retry`, staff.headers, {});
  const detailOf = async (orderId: string) =>
    adminOrderDetailResponseSchema.parse(
      (await call(s, 'GET', `/api/v1/admin/orders/${orderId}`, desk.support.headers)).json(),
    ).data;
  const bodyOf = (res: { json: () => unknown }) => adminOrderDetailResponseSchema.parse(res.json());
  const paymentOf = async (orderId: string) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId))).find(
      (p) => p.status === 'paid',
    );
  const customerOrder = async (orderId: string, headers: Record<string, string>) =>
    orderResponseSchema.parse((await call(s, 'GET', `/api/v1/orders/${orderId}`, headers)).json())
      .data;
  /** Runs the queue, and again for jobs whose retry is due later (the simulator's timeout). */
  const runJobsNow = async () => {
    await s.t.app.runPendingJobs();
    await db().update(jobs).set({ runAt: new Date() }).where(eq(jobs.status, 'queued'));
    await s.t.app.runPendingJobs();
  };
  /** The fulfilment job's last attempt: the aggregator times out, the job gives up. */
  const lastAttempt = async (orderId: string, type = 'fulfil_order') => {
    for (const job of await jobsOf(orderId, type))
      await db().update(jobs).set({ attempts: 9 }).where(eq(jobs.id, job.id));
    await s.t.app.runPendingJobs();
  };

  /** A paid MM QR order of these lines, fulfilled; TIMEOUT_PHONE lines end `unconfirmed`. */
  const bankOrder = async (lines: { sku: string; phoneNumber?: string }[]) => {
    if (lines.some((l) => l.sku === 'G-STEAM-10')) await stockCards(s, 'G-STEAM-10', 1);
    const made = await paidOrder(
      s,
      lines.map((l) => ({ ...l, quantity: 1 })),
    );
    await lastAttempt(made.order.orderId);
    const detail = await detailOf(made.order.orderId);
    return { ...made, detail, itemIds: detail.items.map((i) => i.id) };
  };
  /** A points order of one top-up to TIMEOUT_PHONE: unconfirmed, 4 points to check. */
  const pointsOrder = async () => {
    const user = await signedIn(s);
    await db().insert(loyaltyAccounts).values({ userId: user.userId, balance: 50 });
    const order = await topUpPaidWithPoints(s, user.headers, TIMEOUT_PHONE);
    await lastAttempt(order.orderId);
    const detail = await detailOf(order.orderId);
    return { user, order, detail, itemId: detail.items[0]?.id ?? '' };
  };

  it('delivered: the only line arrived, so the order completes, owes nothing and earns its points once', async () => {
    const { user, order, detail, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: TIMEOUT_PHONE },
    ]);
    const itemId = itemIds[0] ?? '';
    expect(detail.items[0]).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
    expect(detail.refund).toMatchObject({ status: 'refund_pending', toCheck: true });

    const res = await resolve(order.orderId, itemId, { delivered: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = bodyOf(res);
    expect(body.message).toBe(adminOrderMessages.resolvedCompleted.en);
    expect(body.data.order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(body.data.items[0]).toMatchObject({ status: 'delivered', failureCode: null });
    expect(body.data.refund).toBeNull();
    expect(timelineTexts(body.data, 'staff')).toEqual([
      `${desk.admin.email} checked the unconfirmed top-up of ${detail.items[0]?.productName.en ?? ''} to ${formatRecipientNumber(TIMEOUT_PHONE)} with the aggregator: delivered; the order is completed`,
    ]);
    expect(timelineTexts(body.data, 'topup').join('\n')).toContain('resolved by staff: delivered');
    expect(await refundRow(order.orderId)).toBeUndefined();
    expect(await paymentOf(order.orderId)).toMatchObject({
      refundRequired: false,
      refundReason: null,
      refundAmountMmk: null,
    });
    expect((await ledgerOf(order.orderId)).map((l) => l.kind)).toEqual(['earn']);
    const [entry, ...more] = await auditOf(order.orderId);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'order.resolve_topup',
      actorEmail: desk.admin.email,
      before: {
        line: { status: 'failed', failureCode: 'unconfirmed' },
        refund: { amountMmk: 1000 },
      },
      after: { line: { status: 'delivered' }, order: { status: 'completed' }, refund: null },
    });
    expect((await jobsOf(order.orderId, 'send_push')).map((j) => j.dedupeKey)).toContain(
      `send_push:order_completed:${order.orderId}`,
    );

    // The customer sees a completed order, the top-up delivered, no refund; and is told once.
    const mine = await customerOrder(order.orderId, user.headers);
    expect(mine).toMatchObject({ status: 'completed', paymentStatus: 'paid', refund: null });
    expect(mine.items[0]?.eload).toMatchObject({ status: 'success' });
    await s.t.app.runPendingJobs();
    const told = () =>
      outboxFor(s.t, user.person.email).filter((m) => /top-up was delivered/.test(m.subject));
    expect(told()).toHaveLength(1);
    expect(told()[0]?.text).toContain('Your order is now complete; nothing is refunded for it.');

    // Again: nothing changes; the other finding is refused.
    const again = await resolve(order.orderId, itemId, { delivered: true });
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again).message).toBe(adminOrderMessages.resolveAlreadyDone.en);
    const other = await resolve(order.orderId, itemId, { delivered: false });
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).message).toBe(adminOrderMessages.resolvedOtherwise.en);
    await s.t.app.runPendingJobs();
    expect(told()).toHaveLength(1);
    expect(await ledgerOf(order.orderId)).toHaveLength(1);
    expect(await auditOf(order.orderId)).toHaveLength(1);
  });

  it('delivered on a partial order: the refund shrinks to the declined line and the payment flag says so', async () => {
    const { user, order, detail, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: DECLINED_PHONE },
      { sku: 'D-MPT-1GB', phoneNumber: TIMEOUT_PHONE },
    ]);
    expect(detail.items.map((i) => i.failureCode)).toEqual(['declined', 'unconfirmed']);
    expect(detail.refund).toMatchObject({ amountMmk: 2500, partial: false, toCheck: true });
    const res = await resolve(order.orderId, itemIds[1] ?? '', { delivered: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = bodyOf(res);
    expect(body.message).toBe(adminOrderMessages.resolvedDelivered.en);
    expect(body.data.order).toMatchObject({ status: 'failed', paymentStatus: 'refund_pending' });
    expect(body.data.refund).toMatchObject({
      status: 'refund_pending',
      amountMmk: 1000,
      partial: true,
      toCheck: false,
    });
    const payment = await paymentOf(order.orderId);
    expect(payment).toMatchObject({ refundRequired: true, refundAmountMmk: 1000 });
    expect(payment?.refundReason).not.toMatch(/check unconfirmed/);
    expect(payment?.refundReason).toContain('declined');
    // The data line found delivered earns its share (1,500 Ks: 1 point), the declined one nothing.
    expect((await ledgerOf(order.orderId)).map((e) => [e.kind, e.points])).toEqual([['earn', 1]]);
    const mine = await customerOrder(order.orderId, user.headers);
    expect(mine.refund).toMatchObject({ amount: 1000, partial: true, toCheck: false });
    await s.t.app.runPendingJobs();
    const told = outboxFor(s.t, user.person.email).filter((m) =>
      /top-up was delivered/.test(m.subject),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Refund: 1,000 Ks goes back');
  });

  it('not delivered on a partial order (a card delivered): the line is refunded, nothing left to check, in Burmese too', async () => {
    const { user, order, itemIds } = await bankOrder([
      { sku: 'G-STEAM-10' },
      { sku: 'T-MPT-1000', phoneNumber: TIMEOUT_PHONE },
    ]);
    const amount = (await refundRow(order.orderId))?.amountMmk;
    const res = await resolve(order.orderId, itemIds[1] ?? '', { delivered: false });
    expect(res.statusCode, res.body).toBe(200);
    const body = bodyOf(res);
    expect(body.message).toBe(adminOrderMessages.resolvedNotDelivered.en);
    expect(body.data.items[1]).toMatchObject({ status: 'failed', failureCode: 'not_delivered' });
    expect(body.data.refund).toMatchObject({
      status: 'refund_pending',
      amountMmk: amount,
      partial: true,
      toCheck: false,
    });
    expect((await paymentOf(order.orderId))?.refundReason).not.toMatch(/check unconfirmed/);
    const mine = await customerOrder(order.orderId, {
      ...user.headers,
      'accept-language': 'my',
    });
    expect(mine.refund).toMatchObject({ status: 'refund_pending', toCheck: false });
    expect(mine.items[1]?.failureReason).toBe(orderLineMessages.eloadNotDelivered.my);
    expect(mine.items[1]?.eload?.message).toBe(orderLineMessages.eloadNotDelivered.my);
    // Not delivered means the payout follows as for any failed line: no extra notice now.
    expect(await jobsOf(order.orderId, 'send_refund_notice')).toHaveLength(1);

    // Paid out: the same call still answers 200 unchanged; a line can no longer change after it.
    const paid = await refund(order.orderId, { destination: 'bank', reference: 'KBZ-77' });
    expect(paid.statusCode, paid.body).toBe(200);
    const again = await resolve(order.orderId, itemIds[1] ?? '', { delivered: false });
    expect(again.statusCode).toBe(200);
    expect(bodyOf(again).message).toBe(adminOrderMessages.resolveAlreadyDone.en);
    const retried = await retry(order.orderId, itemIds[1] ?? '');
    expect(retried.statusCode).toBe(409);
    expect(errorOf(retried).message).toBe(adminOrderMessages.refundPaidOut.en);
    expect((await auditOf(order.orderId)).map((a) => a.action).sort()).toEqual([
      'order.refund',
      'order.resolve_topup',
    ]);
  });

  it('refuses after the refund was paid out, on lines that are not unconfirmed, and bad requests (409, 404, 400, 403)', async () => {
    const { order, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: DECLINED_PHONE },
      { sku: 'D-MPT-1GB', phoneNumber: TIMEOUT_PHONE },
    ]);
    const [declined = '', unconfirmed = ''] = itemIds;
    const notUnconfirmed = await resolve(order.orderId, declined, { delivered: true });
    expect(notUnconfirmed.statusCode).toBe(409);
    expect(errorOf(notUnconfirmed).message).toBe(adminOrderMessages.notUnconfirmed.en);
    const unknownItem = await resolve(order.orderId, randomUUID(), { delivered: true });
    expect(unknownItem.statusCode).toBe(404);
    expect(errorOf(unknownItem).message).toBe(adminOrderMessages.itemNotFound.en);
    const unknownOrder = await resolve(randomUUID(), unconfirmed, { delivered: true });
    expect(unknownOrder.statusCode).toBe(404);
    expect(errorOf(unknownOrder).message).toBe(adminOrderMessages.orderNotFound.en);
    for (const bad of [{}, { delivered: 'yes' }, { delivered: null }]) {
      const res = await resolve(order.orderId, unconfirmed, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await resolve(order.orderId, 'not-a-uuid', { delivered: true })).statusCode).toBe(400);
    const bySupport = await resolve(order.orderId, unconfirmed, { delivered: true }, desk.support);
    expect(bySupport.statusCode).toBe(403);
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.orderId}/items/${unconfirmed}/resolve`,
      payload: { delivered: true },
    });
    expect(anonymous.statusCode).toBe(401);

    const paid = await refund(order.orderId, { destination: 'bank', reference: 'KBZ-1' });
    expect(paid.statusCode).toBe(200);
    const late = await resolve(order.orderId, unconfirmed, { delivered: true });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(adminOrderMessages.refundPaidOut.en);
    const still = await detailOf(order.orderId);
    expect(still.items[1]).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
    expect(still.refund).toMatchObject({ status: 'refunded', amountMmk: 2500 });
    expect((await auditOf(order.orderId)).map((a) => a.action)).toEqual(['order.refund']);
  });

  it('a points order: not delivered gives the points back now (refunded, told once), five admins at once', async () => {
    const { user, order, itemId, detail } = await pointsOrder();
    expect(detail.refund).toMatchObject({
      status: 'refund_pending',
      destination: 'points',
      points: 4,
    });
    const others = await Promise.all([1, 2, 3, 4].map(() => signedInStaff(s.t, s.clock, 'admin')));
    const answers = await Promise.all(
      [desk.admin, ...others].map((staff) =>
        resolve(order.orderId, itemId, { delivered: false }, staff),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const messages = answers.map((a) => bodyOf(a).message);
    expect(
      messages.filter((m) => m === adminOrderMessages.resolvedNotDeliveredRefunded.en),
    ).toHaveLength(1);
    expect(messages.filter((m) => m === adminOrderMessages.resolveAlreadyDone.en)).toHaveLength(4);
    expect((await ledgerOf(order.orderId)).map((l) => [l.kind, l.points]).sort()).toEqual([
      ['redeem', -4],
      ['refund_checked', 4],
    ]);
    expect(await auditOf(order.orderId)).toHaveLength(1);
    const notices = await jobsOf(order.orderId, 'send_refund_notice');
    expect(notices.map((j) => j.dedupeKey).sort()).toEqual([
      `send_refund_notice:failed:${order.orderId}`,
      `send_refund_notice:refunded:${order.orderId}`,
    ]);
    const mine = await customerOrder(order.orderId, user.headers);
    expect(mine).toMatchObject({
      paymentStatus: 'refunded',
      refund: { status: 'refunded', destination: 'points', points: 4, toCheck: false },
    });
    // Its points are back: sending it again is refused.
    const retried = await retry(order.orderId, itemId);
    expect(retried.statusCode).toBe(409);
  });

  it('a points order: delivered completes it, owes nothing, earns nothing (points paid), parallel calls change it once', async () => {
    const { user, order, itemId } = await pointsOrder();
    const answers = await Promise.all(
      [1, 2, 3].map(() => resolve(order.orderId, itemId, { delivered: true })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(
      answers
        .map((a) => bodyOf(a).message)
        .filter((m) => m === adminOrderMessages.resolvedCompleted.en),
    ).toHaveLength(1);
    expect((await ledgerOf(order.orderId)).map((l) => l.kind)).toEqual(['redeem']);
    expect(await refundRow(order.orderId)).toBeUndefined();
    expect(await auditOf(order.orderId)).toHaveLength(1);
    expect(
      (await jobsOf(order.orderId, 'send_refund_notice')).filter((j) =>
        j.dedupeKey.includes(':delivered:'),
      ),
    ).toHaveLength(1);
    expect(await customerOrder(order.orderId, user.headers)).toMatchObject({
      status: 'completed',
      paymentStatus: 'paid',
      refund: null,
    });
  });

  it('retry: a declined line is sent again with a new key (202, pending, once while running); declined again, nothing else changes', async () => {
    const { user, order, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: DECLINED_PHONE },
    ]);
    const itemId = itemIds[0] ?? '';
    const bySupport = await retry(order.orderId, itemId, desk.support);
    expect(bySupport.statusCode).toBe(403);
    const res = await retry(order.orderId, itemId);
    expect(res.statusCode, res.body).toBe(202);
    const body = bodyOf(res);
    expect(body.message).toBe(adminOrderMessages.retryStarted.en);
    expect(body.data.items[0]).toMatchObject({ status: 'pending', failureCode: null });
    expect(body.data.refund).toMatchObject({ status: 'refund_pending', amountMmk: 1000 });
    expect(timelineTexts(body.data, 'job')).toContain('Top-up retry (attempt 2) queued');
    // Pressed again while it runs: nothing more; the refund waits for the answer.
    const twice = await retry(order.orderId, itemId);
    expect(twice.statusCode).toBe(202);
    expect(bodyOf(twice).message).toBe(adminOrderMessages.retryRunning.en);
    expect(await jobsOf(order.orderId, 'retry_topup')).toHaveLength(1);
    const pay = await refund(order.orderId, { destination: 'bank', reference: 'KBZ-2' });
    expect(pay.statusCode).toBe(409);
    expect(errorOf(pay).message).toBe(adminOrderMessages.refundWhileRetrying.en);
    expect((await customerOrder(order.orderId, user.headers)).items[0]?.eload).toMatchObject({
      status: 'pending',
    });

    await runJobsNow();
    const after = await detailOf(order.orderId);
    expect(after.items[0]).toMatchObject({ status: 'failed', failureCode: 'declined' });
    expect(after.order).toMatchObject({ status: 'failed', paymentStatus: 'refund_pending' });
    expect(after.refund).toMatchObject({ status: 'refund_pending', amountMmk: 1000 });
    const requests = await db()
      .select()
      .from(topupRequests)
      .where(eq(topupRequests.orderItemId, itemId));
    expect(requests.map((r) => [r.attempt, r.idempotencyKey, r.status]).sort()).toEqual([
      [1, itemId, 'failed'],
      [2, `${itemId}:2`, 'failed'],
    ]);
    expect(timelineTexts(after, 'topup').join('\n')).toContain('Top-up request (attempt 2)');
    expect(await auditOf(order.orderId)).toMatchObject([
      { action: 'order.retry_topup', after: { attempt: 2, line: { status: 'pending' } } },
    ]);
    // A third attempt is a new key again.
    expect((await retry(order.orderId, itemId)).statusCode).toBe(202);
    await runJobsNow();
    expect(
      (await db().select().from(topupRequests).where(eq(topupRequests.orderItemId, itemId))).map(
        (r) => r.idempotencyKey,
      ),
    ).toContain(`${itemId}:3`);
  });

  it('retry: an unconfirmed line must be resolved first; checked not delivered, the retry arrives and completes the order', async () => {
    const { user, order, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: TIMEOUT_PHONE },
    ]);
    const itemId = itemIds[0] ?? '';
    const first = await retry(order.orderId, itemId);
    expect(first.statusCode).toBe(409);
    expect(errorOf(first).message).toBe(adminOrderMessages.resolveFirst.en);
    expect((await resolve(order.orderId, itemId, { delivered: false })).statusCode).toBe(200);
    expect((await retry(order.orderId, itemId)).statusCode).toBe(202);
    // The new key's first call times out too (the simulator): the job tries again, same key.
    await runJobsNow();
    const after = await detailOf(order.orderId);
    expect(after.items[0]).toMatchObject({ status: 'delivered' });
    expect(after.order).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    expect(after.refund).toBeNull();
    const books = await db()
      .select()
      .from(topupSimulatorTransactions)
      .where(eq(topupSimulatorTransactions.idempotencyKey, `${itemId}:2`));
    expect(books).toMatchObject([{ received: 2 }]);
    expect((await ledgerOf(order.orderId)).map((l) => l.kind)).toEqual(['earn']);
    expect(await paymentOf(order.orderId)).toMatchObject({ refundRequired: false });
    await s.t.app.runPendingJobs();
    expect(
      outboxFor(s.t, user.person.email).filter((m) => /top-up was delivered/.test(m.subject)),
    ).toHaveLength(1);
    // Delivered now: nothing to send again.
    const again = await retry(order.orderId, itemId);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(adminOrderMessages.lineDelivered.en);
  });

  it('retry: no answer from the aggregator leaves the line unconfirmed again, to check', async () => {
    const { order, itemIds } = await bankOrder([{ sku: 'T-MPT-1000', phoneNumber: TIMEOUT_PHONE }]);
    const itemId = itemIds[0] ?? '';
    await resolve(order.orderId, itemId, { delivered: false });
    expect((await retry(order.orderId, itemId)).statusCode).toBe(202);
    await lastAttempt(order.orderId, 'retry_topup');
    const after = await detailOf(order.orderId);
    expect(after.items[0]).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
    expect(after.refund).toMatchObject({
      status: 'refund_pending',
      toCheck: true,
      amountMmk: 1000,
    });
    expect((await paymentOf(order.orderId))?.refundReason).toMatch(/^check unconfirmed/);
    // It can be resolved again: the finding goes on the new attempt.
    const res = await resolve(order.orderId, itemId, { delivered: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(bodyOf(res).data.order.status).toBe('completed');
  });

  it('five admins mark one bank order’s top-up delivered at once: one change, one ledger entry, one audit entry, one notice', async () => {
    const { order, itemIds } = await bankOrder([{ sku: 'T-MPT-1000', phoneNumber: TIMEOUT_PHONE }]);
    const others = await Promise.all([1, 2, 3, 4].map(() => signedInStaff(s.t, s.clock, 'admin')));
    const answers = await Promise.all(
      [desk.admin, ...others].map((staff) =>
        resolve(order.orderId, itemIds[0] ?? '', { delivered: true }, staff),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const messages = answers.map((a) => bodyOf(a).message);
    expect(messages.filter((m) => m === adminOrderMessages.resolvedCompleted.en)).toHaveLength(1);
    expect(messages.filter((m) => m === adminOrderMessages.resolveAlreadyDone.en)).toHaveLength(4);
    expect((await ledgerOf(order.orderId)).map((l) => l.kind)).toEqual(['earn']);
    expect(await auditOf(order.orderId)).toHaveLength(1);
    expect(
      (await jobsOf(order.orderId, 'send_refund_notice')).filter((j) =>
        j.dedupeKey.startsWith('send_refund_notice:delivered:'),
      ),
    ).toHaveLength(1);
    expect(await jobsOf(order.orderId, 'send_push')).toHaveLength(2); // failed, then completed
  });

  it('five admins retry one line at once: one attempt, one job, one audit entry', async () => {
    const { order, itemIds } = await bankOrder([
      { sku: 'T-MPT-1000', phoneNumber: DECLINED_PHONE },
    ]);
    const others = await Promise.all([1, 2, 3, 4].map(() => signedInStaff(s.t, s.clock, 'admin')));
    const answers = await Promise.all(
      [desk.admin, ...others].map((staff) => retry(order.orderId, itemIds[0] ?? '', staff)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const messages = answers.map((a) => bodyOf(a).message);
    expect(messages.filter((m) => m === adminOrderMessages.retryStarted.en)).toHaveLength(1);
    expect(messages.filter((m) => m === adminOrderMessages.retryRunning.en)).toHaveLength(4);
    expect(await jobsOf(order.orderId, 'retry_topup')).toHaveLength(1);
    expect(await auditOf(order.orderId)).toHaveLength(1);
    await runJobsNow();
    expect(
      await db()
        .select()
        .from(topupRequests)
        .where(eq(topupRequests.orderItemId, itemIds[0] ?? '')),
    ).toHaveLength(2);
  });

  it('tells a Burmese customer in Burmese that the top-up arrived', async () => {
    const user = await signedIn(s);
    const mine = { ...user.headers, 'accept-language': 'my' };
    const made = await paidOrder(
      s,
      [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: TIMEOUT_PHONE }],
      {
        user: { ...user, headers: mine },
      },
    );
    await lastAttempt(made.order.orderId);
    const detail = await detailOf(made.order.orderId);
    expect(
      (await resolve(made.order.orderId, detail.items[0]?.id ?? '', { delivered: true }))
        .statusCode,
    ).toBe(200);
    await s.t.app.runPendingJobs();
    const told = outboxFor(s.t, user.person.email).filter((m) =>
      m.subject.includes('ရောက်ရှိပြီးပါပြီ'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(`အော်ဒါ ${made.order.orderNumber}- သင့်ဖုန်းငွေဖြည့်ခြင်း ရောက်ရှိပြီးပါပြီ`);
    expect(told[0]?.text).toContain('သင့်အော်ဒါ ပြီးဆုံးပါပြီ။');
    // No English sentence in it (the order number and the link to the order aside).
    const words = (told[0]?.text ?? '')
      .replace(made.order.orderNumber, '')
      .replace(/https?:\/\/\S+/g, '');
    expect(words).not.toMatch(/[a-z]{4,}/i);
  });

  it('retry refuses card lines and unknown lines', async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    const { order, itemIds } = await bankOrder([
      { sku: 'G-STEAM-10' },
      { sku: 'T-MPT-1000', phoneNumber: DECLINED_PHONE },
    ]);
    const card = await retry(order.orderId, itemIds[0] ?? '');
    expect(card.statusCode).toBe(409);
    expect(errorOf(card).message).toBe(adminOrderMessages.notRetryable.en);
    expect((await retry(order.orderId, randomUUID())).statusCode).toBe(404);
    expect((await retry(randomUUID(), itemIds[1] ?? '')).statusCode).toBe(404);
    expect(await auditOf(order.orderId)).toHaveLength(0);
  });
});
