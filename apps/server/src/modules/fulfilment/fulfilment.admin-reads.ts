import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orderCards, topupRequests } from './fulfilment.tables.ts';

/**
 * The back-office's reads of deliveries (issue 30: a module owns the read models of its tables):
 * an order's top-up requests and cards, without their PINs.
 */
export function fulfilmentAdminReads(db: Db) {
  return {
    /** The top-up requests of these order lines. */
    async topupsOf(orderItemIds: readonly string[]) {
      if (orderItemIds.length === 0) return [];
      return db
        .select()
        .from(topupRequests)
        .where(inArray(topupRequests.orderItemId, [...orderItemIds]));
    },

    /** The order's cards: which line, which place, whether scratched (no PIN). */
    cardsOf: (orderId: string) =>
      db
        .select({
          id: orderCards.id,
          orderItemId: orderCards.orderItemId,
          position: orderCards.position,
          scratchedAt: orderCards.scratchedAt,
          createdAt: orderCards.createdAt,
        })
        .from(orderCards)
        .where(eq(orderCards.orderId, orderId)),
  };
}

export type FulfilmentAdminReads = ReturnType<typeof fulfilmentAdminReads>;
