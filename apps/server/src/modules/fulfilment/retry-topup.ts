import { isCardKind } from '@shop/contracts/orders';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { jobs as jobsTable } from '../../platform/jobs.tables.ts';
import { orderRecords } from '../orders/orders.service.ts';
import { providerRefundSent } from '../refunds/refunds.service.ts';
import { callAggregator, recordAnswer } from './deliver-topup.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { RETRY_TOPUP_JOB } from './fulfilment-jobs.ts';
import { RETRYABLE_FAILURES } from './line-status.ts';
import {
  LineActionError,
  lineState,
  lockLine,
  settleLines,
  type LineChangeHook,
} from './settle-lines.ts';

/**
 * Staff send a top-up line that failed (declined, never sent, or checked not delivered) to the
 * aggregator again (ADR 0036): the line is pending and a `retry_topup` job with a dedupe key of
 * its own attempt is written in this transaction (with the audit record, `onChange`), so a
 * crash can neither lose the retry nor send it twice; the job uses a new idempotency key
 * (`<item>:<attempt>`). Only while the order's bank refund is pending: a points order's
 * settled lines got their points back at once. While the attempt runs, a second call changes
 * nothing.
 */
export async function startRetry(
  ctx: FulfilmentContext,
  orderId: string,
  itemId: string,
  onChange?: LineChangeHook,
): Promise<{ changed: boolean; attempt: number }> {
  const { transaction } = ctx;
  return transaction(async (tx) => {
    const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
    const tried = attempts.at(-1)?.attempt ?? 0;
    if (isCardKind(item.kind)) throw new LineActionError('not_retryable');
    if (item.status === 'pending' && order.status === 'failed')
      return { changed: false, attempt: tried };
    if (item.status === 'delivered') throw new LineActionError('delivered');
    if (item.status !== 'failed') throw new LineActionError('not_retryable');
    if (item.failureCode === 'unconfirmed') throw new LineActionError('resolve_first');
    if (!RETRYABLE_FAILURES.includes(item.failureCode ?? 'error'))
      throw new LineActionError('not_retryable');
    if (!refund) throw new LineActionError('no_refund');
    if (refund.status === 'refunded') throw new LineActionError('refund_paid');
    if (refund.destination === 'points') throw new LineActionError('points_order');
    if (await providerRefundSent(tx, refund.id)) throw new LineActionError('refund_at_provider');
    if (!item.phoneNumber) throw new LineActionError('no_recipient');
    const attempt = await nextAttempt(tx, orderId, itemId, tried);
    const before = await lineState(tx, orderId, itemId);
    const restated = await orderRecords(tx).restateItem(
      itemId,
      { status: 'failed', failureCode: item.failureCode },
      { status: 'pending', failureCode: null },
    );
    if (!restated) throw new Error('line changed under the order lock');
    await enqueueJob(tx, {
      type: RETRY_TOPUP_JOB,
      dedupeKey: `${RETRY_TOPUP_JOB}:${itemId}:${String(attempt)}`,
      payload: { orderId, itemId, attempt },
    });
    await settleLines(ctx, tx, order, refund, null);
    const after = await lineState(tx, orderId, itemId);
    await onChange?.(tx, {
      before,
      after: { ...after, line: { ...after.line, attempt } },
      outcome: 'retrying',
    });
    return { changed: true, attempt };
  });
}

/** The retry's attempt number: after the last recorded one and any retry job already queued. */
async function nextAttempt(tx: Db, orderId: string, itemId: string, tried: number) {
  // A retry job that died before recording its request still used up its attempt number.
  const jobs = await tx
    .select({ payload: jobsTable.payload })
    .from(jobsTable)
    .where(
      and(
        eq(jobsTable.type, RETRY_TOPUP_JOB),
        sql`${jobsTable.payload} ->> 'orderId' = ${orderId}`,
      ),
    );
  const queued = jobs
    .filter((j) => j.payload.itemId === itemId)
    .map((j) => Number(j.payload.attempt) || 0);
  return Math.max(tried, 1, ...queued) + 1;
}

/** The retry job: one attempt, sent with its own key; the answer settles the order. */
export async function retryTopup(
  ctx: FulfilmentContext,
  orderId: string,
  itemId: string,
  attempt: number,
): Promise<void> {
  const { log, orders, transaction } = ctx;
  const item = (await orders.findOrder(orderId))?.items.find((i) => i.id === itemId);
  const phoneNumber = item?.phoneNumber;
  if (!item || item.status !== 'pending' || !phoneNumber) return;
  const result = await callAggregator(ctx, { ...item, phoneNumber }, attempt);
  await transaction(async (tx) => {
    const { order, refund, item: line } = await lockLine(tx, orderId, itemId);
    if (line.status !== 'pending' || refund?.status !== 'refund_pending') return;
    await recordAnswer(tx, itemId, attempt, result);
    await settleLines(ctx, tx, order, refund, result.status === 'success' ? itemId : null);
  });
  log.info(
    { orderId, itemId, attempt, status: result.status, reference: result.reference },
    'top-up retry answered',
  );
}

/** The retry's last attempt failed: sent and never answered is `unconfirmed`, else `error`. */
export async function abandonRetry(
  ctx: FulfilmentContext,
  orderId: string,
  itemId: string,
  attempt: number,
): Promise<void> {
  const { transaction } = ctx;
  await transaction(async (tx) => {
    const { order, refund, item, attempts } = await lockLine(tx, orderId, itemId);
    if (item.status !== 'pending' || refund?.status !== 'refund_pending') return;
    const sent = attempts.some((a) => a.attempt === attempt && a.status === 'sending');
    await orderRecords(tx).setItemStatus(itemId, 'failed', sent ? 'unconfirmed' : 'error');
    await settleLines(ctx, tx, order, refund, null);
  });
}
