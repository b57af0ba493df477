import type { Db } from '../../platform/db.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { orderRecords, type OrderRow } from '../orders/orders.service.ts';
import { paymentRecords } from '../payments/payments.service.ts';
import {
  enqueueRefundNotice,
  refundRecords,
  type OrderRefundRow,
} from '../refunds/refunds.service.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { isPending, type FailureCode } from './line-status.ts';
import { creditDelivered, refundOf } from './refund-share.ts';

/** Why staff cannot resolve or retry a line (the back-office answers each, ADR 0036). */
export type LineActionProblem =
  | 'no_order'
  | 'no_item'
  | 'not_unconfirmed'
  | 'resolved_otherwise'
  | 'refund_paid'
  /** The refund was sent to the payment's provider (ADR 0060): the money may be on its way back. */
  | 'refund_at_provider'
  | 'no_refund'
  | 'not_retryable'
  | 'resolve_first'
  | 'points_order'
  | 'no_recipient'
  | 'delivered';

export class LineActionError extends Error {
  readonly problem: LineActionProblem;
  constructor(problem: LineActionProblem) {
    super(problem);
    this.name = 'LineActionError';
    this.problem = problem;
  }
}

/** Where an order stands after a line changed: still owing a refund, refunded, or completed. */
export type LineOutcome = 'pending' | 'refunded' | 'completed';

/** The state a staff line action is recorded with (the audit's before and after). */
export interface LineState {
  line: { status: string; failureCode: string | null; attempt: number | null };
  order: { status: string; paymentStatus: string };
  refund: Pick<
    OrderRefundRow,
    'status' | 'amountMmk' | 'points' | 'pointsReturned' | 'partial'
  > | null;
}
export type LineChangeHook = (
  tx: Db,
  change: { before: LineState; after: LineState; outcome: LineOutcome | 'retrying' },
) => Promise<void>;

/**
 * A failed order after one of its lines changed (ADR 0036: an unconfirmed top-up resolved, a
 * retry answered or given up), with the order and its pending refund locked by the caller. The
 * refund becomes what the lines still not delivered cost (fulfilment's share rule), the
 * payment's flag says the same; a points order whose last unconfirmed line is settled gets its
 * points back now (as refund:done does) and is refunded; with every line delivered the order is
 * completed as fulfilment would have ended it (points earned once, the `order_completed` push),
 * its payment is no longer flagged and its refund row goes: it owes nothing. `delivered` names
 * the line that arrived, so the customer is told of it (a notice e-mail or SMS).
 */
export async function settleLines(
  ctx: FulfilmentContext,
  tx: Db,
  order: OrderRow,
  refund: OrderRefundRow,
  delivered: string | null,
): Promise<LineOutcome> {
  const { deps } = ctx;
  const txOrders = orderRecords(tx);
  const items = (await txOrders.findOrder(order.id))?.items ?? [];
  const byPoints = refund.destination === 'points';
  const { paidFor, owed, unconfirmed, reason } = refundOf(ctx, order, items, byPoints);
  const payments = paymentRecords(tx);
  const refunds = refundRecords(tx);
  if (owed.length === 0) {
    await txOrders.updateOrder(order.id, {
      status: 'completed',
      paymentStatus: 'paid',
      completedAt: new Date(),
    });
    await enqueuePush(tx, order.id, 'order_completed');
    await deps.loyalty.creditOrder(tx, {
      userId: order.userId,
      orderId: order.id,
      paidMmk: byPoints ? 0 : order.totalMmk,
      paidAt: order.paidAt,
    });
    await payments.reflagOrderRefund(order.id, null);
    await refunds.removePending(order.id);
    if (delivered) await enqueueRefundNotice(tx, order.id, 'delivered', delivered);
    return 'completed';
  }
  const amountMmk = paidFor(owed);
  await creditDelivered(ctx, tx, order, byPoints, amountMmk);
  let points = refund.points;
  let pointsReturned = refund.pointsReturned;
  let refunded = false;
  if (byPoints) {
    points = deps.loyalty.pointsNeededFor(amountMmk);
    if (unconfirmed.length === 0 && !items.some(isPending)) {
      pointsReturned += await deps.loyalty.refundCheckedPoints(tx, {
        userId: order.userId,
        orderId: order.id,
        points: points - pointsReturned,
      });
      refunded = true;
    }
  }
  await refunds.recompute(order.id, {
    amountMmk,
    points,
    pointsReturned,
    partial: owed.length < items.length,
    refunded,
  });
  await payments.reflagOrderRefund(order.id, {
    amountMmk,
    reason: byPoints && pointsReturned > 0 ? `points_returned: ${reason}` : reason,
    cash: !byPoints || unconfirmed.length > 0,
  });
  if (refunded) await txOrders.updateOrder(order.id, { paymentStatus: 'refunded' });
  else if (!byPoints) await deps.bankRefundOwed?.(tx, order.id);
  if (delivered) await enqueueRefundNotice(tx, order.id, 'delivered', delivered);
  else if (refunded) {
    await enqueueRefundNotice(tx, order.id, 'refunded');
    await enqueuePush(tx, order.id, 'order_refunded');
  }
  return refunded ? 'refunded' : 'pending';
}

/** The order, its refund and one line, locked in that order (the order first, ADR 0017). */
export async function lockLine(tx: Db, orderId: string, itemId: string) {
  const txOrders = orderRecords(tx);
  const order = await txOrders.lockOrder(orderId);
  if (!order) throw new LineActionError('no_order');
  const refund = await refundRecords(tx).lock(orderId);
  const item = (await txOrders.findOrder(orderId))?.items.find((i) => i.id === itemId);
  if (!item) throw new LineActionError('no_item');
  const attempts = await createFulfilmentRepo(tx).topupRequestsOf([itemId]);
  return { order, refund, item, attempts };
}

export async function lineState(tx: Db, orderId: string, itemId: string): Promise<LineState> {
  const found = await orderRecords(tx).findOrder(orderId);
  const item = found?.items.find((i) => i.id === itemId);
  const [refund] = await refundRecords(tx).ofOrders([orderId]);
  const last = (await createFulfilmentRepo(tx).topupRequestsOf([itemId])).at(-1);
  return {
    line: {
      status: item?.status ?? 'missing',
      failureCode: item?.failureCode ?? null,
      attempt: last?.attempt ?? null,
    },
    order: {
      status: found?.order.status ?? 'missing',
      paymentStatus: found?.order.paymentStatus ?? 'missing',
    },
    refund: refund
      ? {
          status: refund.status,
          amountMmk: refund.amountMmk,
          points: refund.points,
          pointsReturned: refund.pointsReturned,
          partial: refund.partial,
        }
      : null,
  };
}

export const outcomeOf = (order: OrderRow, refund: OrderRefundRow | null): LineOutcome =>
  order.status === 'completed'
    ? 'completed'
    : refund?.status === 'refunded'
      ? 'refunded'
      : 'pending';

/**
 * An `unconfirmed` line found delivered or not (staff's finding, or the aggregator's report for
 * a card): restated under the order lock the caller holds, and the order settled accordingly.
 */
export async function settleUnconfirmed(
  ctx: FulfilmentContext,
  tx: Db,
  order: OrderRow,
  refund: OrderRefundRow,
  itemId: string,
  delivered: boolean,
): Promise<LineOutcome> {
  const restated = await orderRecords(tx).restateItem(
    itemId,
    { status: 'failed', failureCode: 'unconfirmed' },
    delivered
      ? { status: 'delivered', failureCode: null }
      : { status: 'failed', failureCode: 'not_delivered' satisfies FailureCode },
  );
  if (!restated) throw new Error('line changed under the order lock');
  return settleLines(ctx, tx, order, refund, delivered ? itemId : null);
}
