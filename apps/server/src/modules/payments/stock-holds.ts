import type { Language } from '@shop/contracts/i18n';
import type { Db } from '../../platform/db.ts';
import { enqueuePush } from '../notifications/push-jobs.ts';
import { checkCardHoldLimits } from '../orders/card-holds.ts';
import { reserveOrderStock, stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords, type OrderItemRow, type OrderRow } from '../orders/orders.service.ts';
import type { EndedPayment } from './acquirer.ts';
import { createPaymentsRepo } from './payments.repo.ts';
import type { PaymentsContext } from './payments-context.ts';

/** After a commit that freed reserved cards: the catalogue shows them in stock again. */
export async function released(ctx: PaymentsContext, cards: number): Promise<void> {
  const { deps } = ctx;
  if (cards > 0 && deps.stockChanged)
    await deps.stockChanged().catch((err: unknown) => {
      deps.log.error({ err }, 'could not announce released card stock');
    });
}

/**
 * Holds the order's cards until `until` in this transaction (DESIGN §6.5): those it holds are
 * kept, released ones taken again if still free; else 409 "Sold out" / "Only N left". An
 * `unpaid` hold (a new payment) is first checked against ADR 0043's caps and share.
 */
export async function holdStock(
  ctx: PaymentsContext,
  tx: Db,
  order: OrderRow,
  until: Date,
  lang: Language,
  unpaid = false,
): Promise<OrderItemRow[]> {
  const items = (await orderRecords(tx).findOrder(order.id))?.items ?? [];
  const now = ctx.clock();
  if (unpaid)
    await checkCardHoldLimits(
      tx,
      { orderId: order.id, userId: order.userId, network: order.clientNetwork, lines: items },
      ctx.deps.cardHolds,
      now,
      lang,
    );
  await reserveOrderStock(tx, order.id, items, { until, now }, lang);
  return items;
}

/**
 * Ends an unpaid order whose hold reached its deadline (ADR 0043), in the caller's transaction
 * with the order locked: failed with its payment expired (as an abandoned order), its open
 * payment ended, its promo-code use given back and its cards freed. Answers the cards freed.
 */
export async function endOverdue(ctx: PaymentsContext, tx: Db, order: OrderRow): Promise<number> {
  await createPaymentsRepo(tx).endPending(order.id, 'expired');
  await orderRecords(tx).updateOrder(order.id, {
    status: 'failed',
    paymentStatus: 'expired',
  });
  if (ctx.deps.ordersEnded) await ctx.deps.ordersEnded(tx, [order.id]);
  return stockRecords(tx).release([order.id]);
}

/**
 * Payments whose 300 s passed become expired, here on read and by the sweep; their orders' card
 * reservations end with them. Their orders are locked first, then the payments (the one lock
 * order of ADR 0017: no deadlock with cancel/pay).
 */
export async function expireDue(ctx: PaymentsContext, orderId?: string): Promise<number> {
  const { clock } = ctx;
  const due = await createPaymentsRepo(ctx.deps.db).ordersWithDuePayments(clock(), orderId);
  if (due.length === 0) return 0;
  const { expired, freed } = await ctx.transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    await txOrders.lockOrders(due);
    const expired = await createPaymentsRepo(tx).expireDue(clock(), due);
    await txOrders.markPaymentsExpired(expired);
    for (const orderId of expired) await enqueuePush(tx, orderId, 'payment_expired');
    return { expired, freed: await stockRecords(tx).release(expired) };
  });
  await released(ctx, freed);
  return expired.length;
}

/**
 * Cancels orders the caller has locked: their open payments end (a payment that still arrives
 * is flagged for refund, ADR 0017) and their cards are released. Answers the cards freed and the
 * payments ended (closeAtAcquirer after the commit).
 */
export async function cancelLocked(
  ctx: PaymentsContext,
  tx: Db,
  orderIds: string[],
): Promise<{ freed: number; ended: EndedPayment[] }> {
  const txOrders = orderRecords(tx);
  const ended: EndedPayment[] = [];
  for (const orderId of orderIds) {
    ended.push(...(await createPaymentsRepo(tx).endPending(orderId, 'cancelled')));
    await txOrders.updateOrder(orderId, {
      status: 'cancelled',
      paymentStatus: 'cancelled',
      cancelledAt: ctx.clock(),
    });
  }
  if (ctx.deps.ordersEnded) await ctx.deps.ordersEnded(tx, orderIds);
  return { freed: await stockRecords(tx).release(orderIds), ended };
}
