import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { providerRefunds } from './refunds.tables.ts';

export type ProviderRefundRow = typeof providerRefunds.$inferSelect;
export type ProviderRefundStatus = ProviderRefundRow['status'];

/** Still in the provider's hands: sent (or to send again) or accepted and not finished. */
export const OPEN_PROVIDER_REFUND: ProviderRefundStatus[] = ['sending', 'pending'];

/** What a refund to send names: the payment it gives money of, and what is owed. */
export interface NewProviderRefund {
  provider: string;
  paymentId: string;
  orderId: string;
  source: { orderRefundId: string } | { receiptId: string };
  amountMmk: number;
  reason: string;
}

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createProviderRefundsRepo(db: Db) {
  return {
    /**
     * Writes the refund to send, once per refund owed: null when that refund (the order's, or the
     * receipt's) was sent to the provider before. Its id without dashes is the request number.
     */
    async insert(refund: NewProviderRefund): Promise<ProviderRefundRow | null> {
      const id = randomUUID();
      const [row] = await db
        .insert(providerRefunds)
        .values({
          id,
          requestNo: id.replaceAll('-', ''),
          provider: refund.provider,
          paymentId: refund.paymentId,
          orderId: refund.orderId,
          ...refund.source,
          amountMmk: refund.amountMmk,
          reason: refund.reason,
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    async find(id: string): Promise<ProviderRefundRow | null> {
      const [row] = await db
        .select()
        .from(providerRefunds)
        .where(eq(providerRefunds.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Which of these receipts their provider gave back in full (ADR 0060). */
    async refundedReceipts(receiptIds: string[]): Promise<Set<string>> {
      if (receiptIds.length === 0) return new Set();
      const rows = await db
        .select({ receiptId: providerRefunds.receiptId })
        .from(providerRefunds)
        .where(
          and(
            inArray(providerRefunds.receiptId, receiptIds),
            eq(providerRefunds.status, 'refunded'),
          ),
        );
      return new Set(rows.flatMap((r) => (r.receiptId ? [r.receiptId] : [])));
    },

    /** The provider accepted it and has not finished: asked again later. */
    async markPending(id: string, providerRef: string | null): Promise<void> {
      await db
        .update(providerRefunds)
        .set({
          status: 'pending',
          ...(providerRef ? { providerRef } : {}),
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(providerRefunds.id, id), inArray(providerRefunds.status, OPEN_PROVIDER_REFUND)),
        );
    },

    /**
     * Records its outcome, once: only a refund still open changes (of two workers answering the
     * same refund, the second finds it done). Answers whether it changed.
     */
    async finish(
      id: string,
      outcome: {
        status: 'refunded' | 'refused' | 'unknown';
        providerRef?: string | null;
        message?: string | null;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(providerRefunds)
        .set({
          status: outcome.status,
          ...(outcome.providerRef ? { providerRef: outcome.providerRef } : {}),
          message: outcome.message ?? null,
          updatedAt: sql`now()`,
          completedAt: sql`now()`,
        })
        .where(
          and(eq(providerRefunds.id, id), inArray(providerRefunds.status, OPEN_PROVIDER_REFUND)),
        )
        .returning({ id: providerRefunds.id });
      return rows.length > 0;
    },

    /** The order refund's refund at its provider, if it was sent (any status). */
    async ofOrderRefund(orderRefundId: string): Promise<ProviderRefundRow | null> {
      const [row] = await db
        .select()
        .from(providerRefunds)
        .where(eq(providerRefunds.orderRefundId, orderRefundId))
        .limit(1);
      return row ?? null;
    },

    /** Every refund sent for the order, oldest first (the back-office timeline). */
    async ofOrder(orderId: string): Promise<ProviderRefundRow[]> {
      return db
        .select()
        .from(providerRefunds)
        .where(eq(providerRefunds.orderId, orderId))
        .orderBy(asc(providerRefunds.createdAt), asc(providerRefunds.id));
    },

    /** Whether money of the order may already be on its way back (sent and not refused). */
    async sentFor(orderRefundId: string): Promise<boolean> {
      const rows = await db
        .select({ id: providerRefunds.id })
        .from(providerRefunds)
        .where(
          and(
            eq(providerRefunds.orderRefundId, orderRefundId),
            ne(providerRefunds.status, 'refused'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}
