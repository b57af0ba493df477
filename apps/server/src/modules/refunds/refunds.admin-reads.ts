import { asc, count, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orderRefunds, providerRefunds } from './refunds.tables.ts';

/** The back-office's reads of refunds (issue 30: a module owns the read models of its tables). */
export function refundsAdminReads(db: Db) {
  return {
    /** The order's refund, or null. */
    async refundOf(orderId: string) {
      const [row] = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .limit(1);
      return row ?? null;
    },

    /** Refunds sent to the payment's provider (ADR 0060), with what it answered, oldest first. */
    providerRefundsOf: (orderId: string) =>
      db
        .select()
        .from(providerRefunds)
        .where(eq(providerRefunds.orderId, orderId))
        .orderBy(asc(providerRefunds.createdAt)),

    /**
     * Kyat refunded or owed back per order, for the orders of `orderIds` (a subquery of order ids,
     * orders'), as a map of order id to kyat.
     */
    async amountsOf(orderIds: SQLWrapper): Promise<Record<string, number>> {
      const rows = await db
        .select({ orderId: orderRefunds.orderId, amountMmk: orderRefunds.amountMmk })
        .from(orderRefunds)
        .where(inArray(orderRefunds.orderId, orderIds));
      return Object.fromEntries(rows.map((r) => [r.orderId, r.amountMmk]));
    },

    /** Refunds still to be paid out: how many, how much. */
    async pending(): Promise<{ count: number; kyat: number }> {
      const [row] = await db
        .select({ n: count(), kyat: sql<string>`coalesce(sum(${orderRefunds.amountMmk}), 0)` })
        .from(orderRefunds)
        .where(eq(orderRefunds.status, 'refund_pending'));
      return { count: row?.n ?? 0, kyat: Number(row?.kyat ?? 0) };
    },
  };
}

export type RefundsAdminReads = ReturnType<typeof refundsAdminReads>;
