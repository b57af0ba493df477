import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { EndedPayment } from './acquirer.ts';
import { paymentEvents, paymentReceipts, payments } from './payments.tables.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;
export type PaymentReceiptRow = typeof paymentReceipts.$inferSelect;
export type NewPaymentReceipt = typeof paymentReceipts.$inferInsert;

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createPaymentsRepo(db: Db) {
  /** Up to `limit` of the provider's payments that meet `conditions`, the soonest to end first. */
  const providerPaymentsEndingFirst = (provider: string, limit: number, ...conditions: SQL[]) =>
    db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), ...conditions))
      .orderBy(asc(payments.expiresAt))
      .limit(limit);

  /** The order's paid payments that are not flagged for a refund: money the shop keeps. */
  const keptMoneyOf = (orderId: string) =>
    and(
      eq(payments.orderId, orderId),
      eq(payments.status, 'paid'),
      eq(payments.refundRequired, false),
    );

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

    /**
     * The provider's payments the reconciliation sweep asks about (ADR 0058): not paid, made
     * before `createdBefore`, their window ended after `expiredAfter`; the soonest to end first.
     */
    async dueForReconciliation(
      provider: string,
      window: { createdBefore: Date; expiredAfter: Date; limit: number },
    ): Promise<PaymentRow[]> {
      return providerPaymentsEndingFirst(
        provider,
        window.limit,
        // Not paid (payments_status_expiry_idx serves this).
        inArray(payments.status, ['pending', 'failed', 'expired', 'cancelled']),
        lte(payments.createdAt, window.createdBefore),
        gte(payments.expiresAt, window.expiredAfter),
      );
    },

    /**
     * The provider's unpaid payments whose window ended in [expiredAfter, expiredBefore] and of
     * which it never said a word (no event names them): a provider without a status query that
     * promised a final callback has gone silent about them (ADR 0059).
     */
    async silentAfterWindow(
      provider: string,
      window: { expiredAfter: Date; expiredBefore: Date; limit: number },
    ): Promise<PaymentRow[]> {
      return providerPaymentsEndingFirst(
        provider,
        window.limit,
        inArray(payments.status, ['pending', 'expired']),
        gte(payments.expiresAt, window.expiredAfter),
        lte(payments.expiresAt, window.expiredBefore),
        sql`not exists (select 1 from ${paymentEvents} where ${paymentEvents.paymentId} = ${payments.id})`,
      );
    },

    /** A payment by its id, unlocked (lock its order, then it). */
    async findById(id: string): Promise<PaymentRow | null> {
      const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return row ?? null;
    },

    /** An event recorded under this provider and id (a callback's, the sweep's or staff's). */
    async findEvent(provider: string, eventId: string) {
      const [row] = await db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)))
        .limit(1);
      return row ?? null;
    },

    /** The "outcome unknown" record of a payment its provider went silent about (ADR 0059). */
    async unknownEventOf(paymentId: string) {
      const [row] = await db
        .select()
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.type, 'payment.unknown')),
        )
        .limit(1);
      return row ?? null;
    },

    /**
     * Whether anything but its "outcome unknown" record names the payment: a callback (or staff)
     * has reported on it since. Events name their payment when their transaction commits.
     */
    async reportedOn(paymentId: string): Promise<boolean> {
      const rows = await db
        .select({ id: paymentEvents.id })
        .from(paymentEvents)
        .where(
          and(eq(paymentEvents.paymentId, paymentId), ne(paymentEvents.type, 'payment.unknown')),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Another payment of the order still open within its window (the customer paying again). */
    async openElsewhere(orderId: string, exceptId: string, now: Date): Promise<boolean> {
      const rows = await db
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            ne(payments.id, exceptId),
            inArray(payments.status, ['pending', 'failed']),
            gt(payments.expiresAt, now),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** The payment's window ends at `at` (the sandbox bank's silence: it is over now). */
    async endWindow(id: string, at: Date): Promise<void> {
      await db
        .update(payments)
        .set({ expiresAt: at, updatedAt: sql`now()` })
        .where(and(eq(payments.id, id), gt(payments.expiresAt, at)));
    },

    /** Which order a reference belongs to, unlocked: lock the order, then the payment. */
    async findByReference(provider: string, reference: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.reference, reference)))
        .limit(1);
      return row ?? null;
    },

    /**
     * The payment row locked until the transaction ends. Lock order everywhere (ADR 0017): the
     * order row first, then its payments — never a payment while waiting for its order.
     */
    async lockPayment(id: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, id))
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

    /**
     * Ends the order's other open payments (a new QR replaces the old one; cancel ends all),
     * refused ones included: a refused QR stays payable only while it is the order's latest.
     * Answers their references (to close them at the acquirer).
     */
    async endPending(
      orderId: string,
      status: 'cancelled' | 'expired',
      exceptId?: string,
    ): Promise<EndedPayment[]> {
      return db
        .update(payments)
        .set({ status, updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.orderId, orderId),
            inArray(payments.status, ['pending', 'failed']),
            exceptId ? ne(payments.id, exceptId) : undefined,
          ),
        )
        .returning({ provider: payments.provider, reference: payments.reference });
    },

    /** Orders with an open payment whose window has passed (unlocked: lock the orders next). */
    async ordersWithDuePayments(now: Date, orderId?: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ orderId: payments.orderId })
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            lte(payments.expiresAt, now),
            orderId ? eq(payments.orderId, orderId) : undefined,
          ),
        );
      return rows.map((r) => r.orderId);
    },

    /** Open payments of these (locked) orders whose window has passed become expired; returns their orders. */
    async expireDue(now: Date, orderIds: string[]): Promise<string[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .update(payments)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(payments.status, 'pending'),
            lte(payments.expiresAt, now),
            inArray(payments.orderId, orderIds),
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
        .where(and(keptMoneyOf(orderId), ne(payments.id, exceptId)))
        .limit(1);
      return rows.length > 0;
    },

    /** The payment the order was accepted with (paid, not flagged for refund), if any. */
    async acceptedPayment(orderId: string): Promise<PaymentRow | null> {
      const [row] = await db
        .select()
        .from(payments)
        .where(keptMoneyOf(orderId))
        .orderBy(desc(payments.paidAt))
        .limit(1);
      return row ?? null;
    },

    /** Records a delivery once: its row id, or null when this provider's event id was seen before. */
    async recordEvent(event: NewPaymentEvent): Promise<string | null> {
      const rows = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return rows[0]?.id ?? null;
    },

    /** Money a webhook reported, and what the shop did with it (every kyat received). */
    async insertReceipt(receipt: NewPaymentReceipt): Promise<PaymentReceiptRow> {
      const [row] = await db.insert(paymentReceipts).values(receipt).returning();
      if (!row) throw new Error('receipt not inserted');
      return row;
    },

    async receiptsOfOrder(orderId: string): Promise<PaymentReceiptRow[]> {
      return db
        .select()
        .from(paymentReceipts)
        .where(eq(paymentReceipts.orderId, orderId))
        .orderBy(paymentReceipts.receivedAt, paymentReceipts.id);
    },

    /**
     * Kyat received per order and not applied to it (receipts flagged for refund: a second
     * payment, a wrong amount, the part above the price, after cancel or expiry), due back to the
     * customer, by receipt; a receipt the provider gave back (ADR 0060) is left out by the refunds
     * module (`unappliedRefunds`). A payment flagged the same way before receipts existed (no
     * refund amount: all of it) counts too, with no receipt; the undelivered part of an accepted
     * payment (fulfilment) does not.
     */
    async flaggedReceipts(
      orderIds: string[],
    ): Promise<{ orderId: string; receiptId: string | null; amount: number }[]> {
      if (orderIds.length === 0) return [];
      const receipts = await db
        .select({
          orderId: paymentReceipts.orderId,
          receiptId: paymentReceipts.id,
          amount: paymentReceipts.refundAmount,
        })
        .from(paymentReceipts)
        .where(
          and(
            inArray(paymentReceipts.orderId, orderIds),
            eq(paymentReceipts.refundRequired, true),
            // Other currencies are on their receipts for staff; the customer's figure is kyat.
            eq(paymentReceipts.currency, 'MMK'),
          ),
        );
      const legacy = await db
        .select({ orderId: payments.orderId, amount: payments.amountMmk })
        .from(payments)
        .where(
          and(
            inArray(payments.orderId, orderIds),
            eq(payments.refundRequired, true),
            isNull(payments.refundAmountMmk),
          ),
        );
      return [...receipts, ...legacy.map((p) => ({ ...p, receiptId: null }))];
    },

    /**
     * The payment an order's refund gives money of: the accepted payment fulfilment flagged with
     * the refund's amount (ADR 0020), if any.
     */
    async refundedPayment(
      orderId: string,
    ): Promise<{ id: string; provider: string; amountMmk: number } | null> {
      const [row] = await db
        .select({ id: payments.id, provider: payments.provider, amountMmk: payments.amountMmk })
        .from(payments)
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'paid'),
            eq(payments.refundRequired, true),
            isNotNull(payments.refundAmountMmk),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** The payment's reference at its provider (what a refund there names). */
    async referenceOf(paymentId: string): Promise<string | null> {
      const [row] = await db
        .select({ reference: payments.reference })
        .from(payments)
        .where(eq(payments.id, paymentId))
        .limit(1);
      return row?.reference ?? null;
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

    /**
     * The refund flag fulfilment set (flagOrderRefund: the one with an amount) made to match the
     * order again after a line changed (ADR 0036); null clears it, as on a completed order's
     * payment. Duplicate and late payments keep their own flags.
     */
    async reflagOrderRefund(
      orderId: string,
      flag: { amountMmk: number; reason: string; cash: boolean } | null,
    ): Promise<void> {
      await db
        .update(payments)
        .set({
          refundRequired: flag?.cash ?? false,
          refundReason: flag?.reason ?? null,
          refundAmountMmk: flag?.amountMmk ?? null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            eq(payments.orderId, orderId),
            eq(payments.status, 'paid'),
            isNotNull(payments.refundAmountMmk),
          ),
        );
    },

    async paymentsOfOrders(orderIds: string[]): Promise<PaymentRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(payments).where(inArray(payments.orderId, orderIds));
    },

    /** Payment attempts per status, for the metrics scrape (payments_status_expiry_idx). */
    async countByStatus(): Promise<{ status: PaymentRow['status']; count: number }[]> {
      return db
        .select({ status: payments.status, count: count() })
        .from(payments)
        .groupBy(payments.status);
    },

    /** Money reported by the acquirer per outcome (ADR 0017), for the metrics scrape. */
    async countReceiptsByOutcome(): Promise<
      { outcome: PaymentReceiptRow['outcome']; count: number }[]
    > {
      return db
        .select({ outcome: paymentReceipts.outcome, count: count() })
        .from(paymentReceipts)
        .groupBy(paymentReceipts.outcome);
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
