import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orderRefunds } from './refunds.tables.ts';

export type OrderRefundRow = typeof orderRefunds.$inferSelect;
export type NewOrderRefund = typeof orderRefunds.$inferInsert;

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createRefundsRepo(db: Db) {
  return {
    /** Writes the order's refund once: a second call for the order changes nothing (null). */
    async insert(refund: NewOrderRefund): Promise<OrderRefundRow | null> {
      const [row] = await db
        .insert(orderRefunds)
        .values(refund)
        .onConflictDoNothing({ target: orderRefunds.orderId })
        .returning();
      return row ?? null;
    },

    /** The order's refund, locked until the transaction ends (lock the order first). */
    async lock(orderId: string): Promise<OrderRefundRow | null> {
      const [row] = await db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, orderId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async ofOrders(orderIds: string[]): Promise<OrderRefundRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(orderRefunds).where(inArray(orderRefunds.orderId, orderIds));
    },

    /** Marks a pending refund done; answers whether it was pending. */
    async markRefunded(
      orderId: string,
      change: {
        reference: string | null;
        pointsReturned: number;
        /** Staff may give a bank refund as points (then with the points given). */
        destination?: OrderRefundRow['destination'];
        points?: number | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(orderRefunds)
        .set({
          status: 'refunded',
          refundedAt: sql`now()`,
          reference: change.reference,
          pointsReturned: change.pointsReturned,
          ...(change.destination ? { destination: change.destination } : {}),
          ...(change.points === undefined ? {} : { points: change.points }),
        })
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'refund_pending')))
        .returning({ id: orderRefunds.id });
      return rows.length > 0;
    },
    /**
     * A pending refund recomputed after a line changed (ADR 0036: a top-up resolved or retried):
     * what is owed, and refunded once nothing is left to pay or check.
     */
    async recompute(
      orderId: string,
      change: Pick<OrderRefundRow, 'amountMmk' | 'points' | 'pointsReturned' | 'partial'> & {
        refunded: boolean;
      },
    ): Promise<void> {
      const { refunded, ...values } = change;
      await db
        .update(orderRefunds)
        .set({
          ...values,
          ...(refunded ? { status: 'refunded' as const, refundedAt: sql`now()` } : {}),
        })
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'refund_pending')));
    },

    /**
     * The order owes nothing after all (every line delivered, ADR 0036): its pending refund goes,
     * so the order reads as the completed order it is (no "refunded 0 Ks"). The audit record
     * keeps what it was.
     */
    async removePending(orderId: string): Promise<void> {
      await db
        .delete(orderRefunds)
        .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.status, 'refund_pending')));
    },

    /** Refunds per status and destination, with their kyat (the metrics). */
    async countByStatus(): Promise<
      {
        status: OrderRefundRow['status'];
        destination: OrderRefundRow['destination'];
        count: number;
        kyat: number;
      }[]
    > {
      return db
        .select({
          status: orderRefunds.status,
          destination: orderRefunds.destination,
          count: count(),
          kyat: sql<number>`coalesce(sum(${orderRefunds.amountMmk}), 0)::int`,
        })
        .from(orderRefunds)
        .groupBy(orderRefunds.status, orderRefunds.destination);
    },
  };
}

export type RefundsRepo = ReturnType<typeof createRefundsRepo>;
