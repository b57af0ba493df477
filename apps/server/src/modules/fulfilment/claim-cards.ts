import { randomInt } from 'node:crypto';
import { isCardKind } from '@shop/contracts/orders';
import { RetryJob } from '../../platform/job-worker.ts';
import { stockRecords } from '../catalogue/stock-reservation.ts';
import { orderRecords, type OrderWithItems } from '../orders/orders.service.ts';
import type { FulfilmentContext } from './fulfilment-context.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';
import { isPending } from './line-status.ts';
import { onDemandLines } from './on-demand-cards.ts';

/** Step 1: every pending card line gets its cards, or fails when stock is short. */
export async function claimCards(
  ctx: FulfilmentContext,
  orderId: string,
): Promise<OrderWithItems | null> {
  const { deps, db, log, transaction } = ctx;
  const soldFrom = new Set<string>();
  const claimed = await transaction(async (tx) => {
    const txOrders = orderRecords(tx);
    const order = await txOrders.lockOrder(orderId);
    if (!order || order.status !== 'processing') return null;
    const found = await txOrders.findOrder(orderId);
    if (!found) return null;
    const stock = stockRecords(tx);
    const delivered = createFulfilmentRepo(tx);
    const onDemand = await onDemandLines(tx, found.items);
    for (const item of found.items) {
      if (!isCardKind(item.kind) || !isPending(item) || onDemand.has(item.id)) continue;
      // The cards checkout reserved for this order first (DESIGN §6.5); only a reservation that
      // was lost (a late payment accepted after it ended) is made up from free stock.
      const locked = await stock.lockReserved(orderId, item.productId, item.quantity);
      const missing = item.quantity - locked.length;
      if (missing > 0) locked.push(...(await stock.lockAvailable(item.productId, missing)));
      if (locked.length < item.quantity) {
        // Cards other transactions hold right now may still come back (their order may fail):
        // only a shortage in committed stock is final.
        if ((await stock.countAvailable(item.productId)) >= missing)
          throw new RetryJob('card stock is being claimed by another order', 20 + randomInt(180));
        await txOrders.setItemStatus(item.id, 'failed', 'out_of_stock');
        // The line is refunded: the cards it still held go back on sale.
        if ((await stock.release([orderId], item.productId)) > 0) soldFrom.add(item.productId);
        log.warn({ orderId, productId: item.productId }, 'out of stock after payment');
        continue;
      }
      const ids = locked.map((c) => c.id);
      if ((await stock.markSold(ids)) !== ids.length) throw new Error('card sold under a lock');
      await delivered.insertOrderCards(
        ids.map((cardId, position) => ({
          orderId,
          orderItemId: item.id,
          cardId,
          position,
        })),
      );
      await txOrders.setItemStatus(item.id, 'delivered');
      soldFrom.add(item.productId);
    }
    return txOrders.findOrder(orderId);
  });
  // Counted after the commit: of two orders taking the last cards at once, the later count sees
  // both sales (inside the transaction neither sees the other's).
  if (deps.soldOut && soldFrom.size > 0) {
    const stock = stockRecords(db);
    // A count that fails cannot be retried (a rerun finds these lines delivered): announce then.
    const left = await Promise.all([...soldFrom].map((id) => stock.countAvailable(id))).catch(
      () => [0],
    );
    if (left.includes(0)) await deps.soldOut();
  }
  return claimed;
}
