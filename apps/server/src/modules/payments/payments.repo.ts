import { and, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentEvents, payments } from './payments.tables.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createPaymentsRepo(db: Db) {
  return {
    async insertPayment(payment: NewPayment): Promise<PaymentRow> {
      const [row] = await db.insert(payments).values(payment).returning();
      if (!row) throw new Error('payment not inserted');
      return row;
    },

    async latestForOrder(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.orderId, orderId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1);
      return row ?? null;
    },

    async lockByReference(provider: string, reference: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.reference, reference)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async updatePayment(
      id: string,
      change: Partial<Pick<PaymentRow, 'status' | 'paidAt' | 'refundRequired' | 'refundReason'>>,
    ): Promise<void> {
      await db
        .update(payments)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(payments.id, id));
    },

    /** Ends the order's other open payments (a new QR replaces the old one; cancel ends all). */
    async endPending(
      orderId: string,
      status: 'cancelled' | 'expired',
      exceptId?: string,
    ): Promise<void> {
      await db
        .update(payments)
        .set({ status, updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'pending'),
            exceptId ? ne(payments.id, exceptId) : undefined,
          ),
        );
    },

    /** Open payments whose window has passed become expired; returns their orders. */
    async expireDue(now: Date, orderId?: string): Promise<string[]> {
      const rows = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.status, 'pending'),
            lte(payments.expiresAt, now),
            orderId ? eq(payments.orderId, orderId) : undefined,
          ),
        )
        .returning({ orderId: payments.orderId });
      return [...new Set(rows.map((r) => r.orderId))];
    },

    /** Whether the order already has money for it. */
    async hasPaid(orderId: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'paid'),
            eq(payments.refundRequired, false),
            ne(payments.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The payment the order was accepted with (paid, not flagged for refund), if any. */
    async acceptedPayment(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'paid'),
            eq(payments.refundRequired, false),
          ),
        )
        .orderBy(desc(payments.paidAt))
        .limit(1);
      return row ?? null;
    },

    /** Records a delivery once; false when this provider's event id was seen before. */
    async recordEvent(event: NewPaymentEvent): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },

    async setEventOutcome(
      provider: string,
      eventId: string,
      outcome: string,
      paymentId: string | null,
    ): Promise<void> {
      await db
        .update(paymentEvents)
        .set({ outcome, paymentId })
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
    },

    /**
     * The order's accepted payment is flagged for a (partial) refund, once: a later call for the
     * same payment changes nothing. Answers whether a payment was flagged.
     */
    async flagOrderRefund(
      orderId: string,
      amountMmk: number,
      reason: string,
      options: { cash?: boolean } = {},
    ): Promise<boolean> {
      const rows = await db
        .update(payments)
        .set({
          // Points given back need no cash refund: the reason and amount record what was returned.
          refundRequired: options.cash ?? true,
          refundReason: reason,
          refundAmountMmk: amountMmk,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'paid'),
            eq(payments.refundRequired, false),
            isNull(payments.refundReason),
          ),
        )
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    async paymentsOfOrders(orderIds: string[]): Promise<PaymentRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(payments).where(inArray(payments.orderId, orderIds));
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
