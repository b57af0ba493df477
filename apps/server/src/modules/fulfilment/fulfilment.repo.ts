import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import type { CardRow } from '../catalogue/stock-reservation.ts';
import { orderCards, topupRequests, topupSimulatorTransactions } from './fulfilment.tables.ts';

export type OrderCardRow = typeof orderCards.$inferSelect;
export type TopupRequestRow = typeof topupRequests.$inferSelect;

/** A card delivered to an order line, with its stock row (used by the service and the e-mail). */
export interface DeliveredCard {
  orderCard: OrderCardRow;
  card: CardRow;
  /** Decrypted only when asked for (revealed cards, the codes email, downloads). */
  pin: string | null;
}
export type SimulatorTransactionRow = typeof topupSimulatorTransactions.$inferSelect;

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createFulfilmentRepo(db: Db) {
  return {
    async insertOrderCards(
      rows: { orderId: string; orderItemId: string; cardId: string; position: number }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await db.insert(orderCards).values(rows);
    },

    async cardsOfOrders(orderIds: string[]): Promise<OrderCardRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderCards)
        .where(inArray(orderCards.orderId, orderIds))
        .orderBy(asc(orderCards.orderItemId), asc(orderCards.position));
    },

    async findOrderCard(cardId: string): Promise<OrderCardRow | null> {
      const [row] = await db
        .select()
        .from(orderCards)
        .where(eq(orderCards.cardId, cardId))
        .limit(1);
      return row ?? null;
    },

    /** Marks cards revealed; answers how many were not revealed before. */
    async markScratched(cardIds: string[]): Promise<number> {
      if (cardIds.length === 0) return 0;
      const rows = await db
        .update(orderCards)
        .set({ scratchedAt: sql`now()` })
        .where(and(inArray(orderCards.cardId, cardIds), isNull(orderCards.scratchedAt)))
        .returning({ id: orderCards.id });
      return rows.length;
    },

    /**
     * The request row is written (and committed) before the provider is called; a retry finds it
     * and sends the same key again. Answers the row with its call counted.
     */
    async startTopupRequest(request: {
      orderItemId: string;
      idempotencyKey: string;
      provider: string;
      /** 1 for fulfilment's request, 2, 3… for staff retries (ADR 0036). */
      attempt?: number;
    }): Promise<TopupRequestRow> {
      const [row] = await db
        .insert(topupRequests)
        .values({ ...request, attempt: request.attempt ?? 1, calls: 1 })
        .onConflictDoUpdate({
          target: [topupRequests.orderItemId, topupRequests.attempt],
          set: { calls: sql`${topupRequests.calls} + 1` },
        })
        .returning();
      if (!row) throw new Error('top-up request not recorded');
      return row;
    },

    async finishTopupRequest(
      orderItemId: string,
      result: { status: 'success' | 'failed'; reference: string | null; message: string },
      attempt = 1,
    ): Promise<void> {
      await db
        .update(topupRequests)
        .set({
          status: result.status,
          reference: result.reference,
          providerMessage: result.message,
          completedAt: sql`now()`,
        })
        .where(and(eq(topupRequests.orderItemId, orderItemId), eq(topupRequests.attempt, attempt)));
    },

    /** Every attempt of these lines, each line's attempts in order (the last one last). */
    async topupRequestsOf(orderItemIds: string[]): Promise<TopupRequestRow[]> {
      if (orderItemIds.length === 0) return [];
      return db
        .select()
        .from(topupRequests)
        .where(inArray(topupRequests.orderItemId, orderItemIds))
        .orderBy(asc(topupRequests.orderItemId), asc(topupRequests.attempt));
    },

    /** Staff's finding on an unanswered request (ADR 0036), once: answers whether it was set. */
    async resolveTopupRequest(
      id: string,
      resolution: NonNullable<TopupRequestRow['resolution']>,
    ): Promise<boolean> {
      const rows = await db
        .update(topupRequests)
        .set({ resolution, resolvedAt: sql`now()` })
        .where(and(eq(topupRequests.id, id), isNull(topupRequests.resolution)))
        .returning({ id: topupRequests.id });
      return rows.length > 0;
    },

    /**
     * The simulator's books: the first request with a key is recorded, a repeat only counted.
     * Answers the recorded transaction and whether this call was the first.
     */
    async recordSimulatorTransaction(
      row: Omit<typeof topupSimulatorTransactions.$inferInsert, 'received' | 'createdAt'>,
    ): Promise<{ transaction: SimulatorTransactionRow; firstTime: boolean }> {
      const [inserted] = await db
        .insert(topupSimulatorTransactions)
        .values(row)
        .onConflictDoNothing()
        .returning();
      if (inserted) return { transaction: inserted, firstTime: true };
      const [existing] = await db
        .update(topupSimulatorTransactions)
        .set({ received: sql`${topupSimulatorTransactions.received} + 1` })
        .where(eq(topupSimulatorTransactions.idempotencyKey, row.idempotencyKey))
        .returning();
      if (!existing) throw new Error('simulator transaction vanished');
      return { transaction: existing, firstTime: false };
    },
  };
}

export type FulfilmentRepo = ReturnType<typeof createFulfilmentRepo>;

/**
 * The jobs waiting to send this line's top-up (its order's fulfilment, a staff retry) are due now
 * rather than after their back-off: the aggregator said the top-up changed (a webhook, which
 * wakes but never decides). Jobs running or done are left alone.
 */
export async function wakeTopupJobs(
  db: Db,
  line: { itemId: string; orderId: string | null },
): Promise<number> {
  const woken = await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.status, 'queued'),
        sql`${jobs.runAt} > now()`,
        sql`((${jobs.type} = 'fulfil_order' and ${jobs.payload} ->> 'orderId' = ${line.orderId})
          or (${jobs.type} = 'retry_topup' and ${jobs.payload} ->> 'itemId' = ${line.itemId}))`,
      ),
    )
    .returning({ id: jobs.id });
  return woken.length;
}
