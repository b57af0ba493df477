import { isCardKind } from '@shop/contracts/orders';
import type { Db } from '../../platform/db.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { orderRecords, type OrderItemRow, type OrderRow } from '../orders/orders.service.ts';
import { paymentRecords, type PaymentRecords } from '../payments/payments.service.ts';
import { recordOrderRefund } from '../refunds/refunds.service.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { SEND_ORDER_CODES_JOB } from './fulfilment-jobs.ts';
import { isPending } from './line-status.ts';
import { creditDelivered, refundOf } from './refund-share.ts';

/**
 * Step 3: the order ends completed (points credited) or failed (the undelivered part flagged
 * for refund, or points given back; the delivered part earns its points); with cards delivered, the codes email is queued. One
 * transaction, done once: a rerun finds the order no longer processing.
 */
export async function finishOrder(ctx: FulfilmentContext, orderId: string): Promise<void> {
  const { transaction } = ctx;
  await transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order || order.status !== 'processing') return;
    const found = await txOrders.findOrder(orderId);
    if (!found) return;
    const { items } = found;
    if (items.some(isPending)) throw new Error('order still has undelivered lines');
    const failed = items.filter((i) => i.status === 'failed');
    const txPayments = paymentRecords(tx);
    // What paid decides, not the order's chosen method (it can change after a QR is opened).
    const accepted = await txPayments.acceptedPayment(orderId);
    const byPoints = accepted?.method === 'points';
    if (failed.length === 0) await completeOrder(ctx, tx, order, byPoints);
    else await failOrder(ctx, tx, txPayments, { order, items, byPoints });
    // Where the buyer is told, whoever asked for a delivered top-up is too (the line names the
    // request link it pays).
    const sent = items.flatMap((i) =>
      i.status === 'delivered' && i.phoneNumber
        ? [
            {
              productId: i.productId,
              phoneNumber: i.phoneNumber,
              topupRequestId: i.topupRequestId,
            },
          ]
        : [],
    );
    if (sent.length > 0) await ctx.deps.linesDelivered?.(tx, order, sent);
    if (items.some((i) => isCardKind(i.kind) && i.status === 'delivered'))
      await enqueueJob(tx, {
        type: SEND_ORDER_CODES_JOB,
        dedupeKey: `${SEND_ORDER_CODES_JOB}:${orderId}`,
        payload: { orderId },
      });
  });
}

/** Every line delivered: the order is completed and earns its points. */
async function completeOrder(ctx: FulfilmentContext, tx: Db, order: OrderRow, byPoints: boolean) {
  const { deps } = ctx;
  const orderId = order.id;
  await orderRecords(tx).updateOrder(orderId, { status: 'completed', completedAt: new Date() });
  await enqueuePush(tx, orderId, 'order_completed');
  await deps.loyalty.creditOrder(tx, {
    userId: order.userId,
    orderId,
    paidMmk: byPoints ? 0 : order.totalMmk,
    paidAt: order.paidAt,
  });
}

/**
 * Some line failed: the order fails, the undelivered part is flagged for refund (or its points
 * given back) and the delivered part earns its points.
 */
async function failOrder(
  ctx: FulfilmentContext,
  tx: Db,
  txPayments: PaymentRecords,
  { order, items, byPoints }: { order: OrderRow; items: OrderItemRow[]; byPoints: boolean },
) {
  const { deps, log } = ctx;
  const orderId = order.id;
  await orderRecords(tx).updateOrder(orderId, { status: 'failed', completedAt: new Date() });
  await enqueuePush(tx, orderId, 'order_failed');
  const {
    paidFor,
    owed: failedLines,
    unconfirmed,
    settled,
    reason: why,
  } = refundOf(ctx, order, items, byPoints);
  const refund = paidFor(failedLines);
  await creditDelivered(ctx, tx, order, byPoints, refund);
  let reason = why;
  let pointsReturned = 0;
  if (byPoints && settled.length > 0) {
    pointsReturned = await deps.loyalty.refundPoints(tx, {
      userId: order.userId,
      orderId,
      points: deps.loyalty.pointsNeededFor(paidFor(settled)),
    });
    reason = `points_returned: ${reason}`;
  }
  // Points orders have a payment row too: it records what was given back and why; a cash
  // refund (or a support check) is flagged only when something is still owed.
  await txPayments.flagOrderRefund(orderId, refund, reason, {
    cash: !byPoints || unconfirmed.length > 0,
  });
  // What the customer sees and is told: refunded at once to points, else pending support.
  await recordOrderRefund(tx, {
    order,
    items,
    amountMmk: refund,
    destination: byPoints ? 'points' : 'bank',
    points: byPoints ? deps.loyalty.pointsNeededFor(refund) : null,
    pointsReturned,
    pending: !byPoints || unconfirmed.length > 0,
  });
  if (!byPoints) await deps.bankRefundOwed?.(tx, orderId);
  log.warn({ orderId, refund, reason, byPoints }, 'order failed: refund recorded');
}
