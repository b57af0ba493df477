import { deliveredUnitsOf } from '@shop/contracts/orders';
import type { Db } from '../../platform/db.ts';
import type { OrderItemRow, OrderRow } from '../orders/orders.service.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';

/** A line's price less the units it delivered all the same (a partly delivered line, ADR 0062). */
const undeliveredTotalOf = (item: OrderItemRow) =>
  Math.round(
    (item.lineTotalMmk * (item.quantity - deliveredUnitsOf(item.failureCode))) / item.quantity,
  );

/**
 * What the customer paid for the undelivered part of some lines of an order (discounts shared out
 * in proportion): the whole line, or the units a partly delivered line did not deliver.
 */
function paidForOf(order: OrderRow, items: OrderItemRow[]) {
  const itemsTotal = items.reduce((n, i) => n + i.lineTotalMmk, 0);
  return (lines: OrderItemRow[]) => {
    const owed = lines.reduce((n, i) => n + undeliveredTotalOf(i), 0);
    return (lines.length === items.length && owed === itemsTotal) || itemsTotal === 0
      ? order.totalMmk
      : Math.round((owed * order.totalMmk) / itemsTotal);
  };
}

/**
 * What a failed order owes for the lines not delivered (failed, or pending while staff retry
 * one), which of them wait for a check with the aggregator, and the payment flag's reason.
 */
export function refundOf(
  ctx: FulfilmentContext,
  order: OrderRow,
  items: OrderItemRow[],
  byPoints: boolean,
) {
  const { deps } = ctx;
  const paidFor = paidForOf(order, items);
  const owed = items.filter((i) => i.status !== 'delivered');
  // A top-up that may have arrived is given back only after a look at the aggregator's
  // books: its share is flagged for support (points too), never returned here.
  const unconfirmed = owed.filter((i) => i.status === 'failed' && i.failureCode === 'unconfirmed');
  const settled = owed.filter((i) => !unconfirmed.includes(i));
  const check = unconfirmed.length
    ? `check unconfirmed top-ups with the aggregator before refunding (${
        byPoints
          ? `${deps.loyalty.pointsNeededFor(paidFor(unconfirmed))} points`
          : `${paidFor(unconfirmed)} MMK`
      }); `
    : '';
  const lines = owed
    .map(
      (i) =>
        `${i.sku ?? i.productId} x${i.quantity} ${i.status === 'pending' ? 'retrying' : (i.failureCode ?? 'error')}`,
    )
    .join(', ');
  return { paidFor, owed, unconfirmed, settled, reason: `${check}fulfilment_failed: ${lines}` };
}

/**
 * Points for the part of a failed order that was paid in money and delivered (ADR 0051): what
 * was paid less what is owed back for the rest (lines failed, unconfirmed or being retried).
 * A later delivery adds only its own share (creditOrder counts the order's earlier entries).
 */
export async function creditDelivered(
  ctx: FulfilmentContext,
  tx: Db,
  order: OrderRow,
  byPoints: boolean,
  owedMmk: number,
) {
  const { deps } = ctx;
  if (byPoints || owedMmk >= order.totalMmk) return;
  await deps.loyalty.creditOrder(tx, {
    userId: order.userId,
    orderId: order.id,
    paidMmk: order.totalMmk - owedMmk,
    paidAt: order.paidAt,
  });
}
