import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { paymentEvents, paymentReceipts, payments } from './payments.tables.ts';

/** Where a report's keyset page starts: after this row (created_at to the microsecond, id). */
export interface PaymentCursor {
  createdKey: string;
  id: string;
}

/**
 * The first report on the payment after its outcome became unknown: the provider's callback (paid
 * or refused) or staff's finding, as JSON (type, event id, outcome, time), or null. Correlated on
 * the outer query's payments row (named with its table: Drizzle leaves the table out of a column
 * in a one-table select).
 */
const firstReport = sql<{ type: string; eventId: string; outcome: string; at: string } | null>`(
  select json_build_object('type', e.type, 'eventId', e.event_id, 'outcome', e.outcome, 'at', e.received_at)
  from payment_events e
  where e.payment_id = "payments"."id" and e.type in ('payment.succeeded', 'payment.failed')
  order by e.received_at, e.id
  limit 1
)`;

const resolved = sql<boolean>`exists (
  select 1 from payment_events e
  where e.payment_id = "payments"."id" and e.type in ('payment.succeeded', 'payment.failed')
)`;

export interface UnknownPaymentFilter {
  state?: 'unresolved' | 'resolved' | undefined;
  paymentId?: string;
}

/** The payments recorded unknown (their payment.unknown events) in the filter's state. */
function whereOf(filter: UnknownPaymentFilter): SQL | undefined {
  const conditions: SQL[] = [eq(paymentEvents.type, 'payment.unknown')];
  if (filter.state === 'unresolved') conditions.push(sql`not ${resolved}`);
  if (filter.state === 'resolved') conditions.push(resolved);
  if (filter.paymentId) conditions.push(eq(payments.id, filter.paymentId));
  return and(...conditions);
}

/**
 * The back-office's reads of payments (issue 30: a module owns the read models of its tables):
 * an order's attempts, receipts and provider events, the payments whose outcome is unknown (ADR
 * 0059) and the payments report. Plain rows; their orders are the orders module's to read.
 */
export function paymentsAdminReads(db: Db) {
  async function countUnknown(filter: UnknownPaymentFilter): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(whereOf(filter));
    return row?.n ?? 0;
  }

  return {
    /** The order's payment attempts (no QR payloads, no webhook bodies). */
    paymentsOf: (orderId: string) =>
      db
        .select({
          id: payments.id,
          provider: payments.provider,
          method: payments.method,
          reference: payments.reference,
          amountMmk: payments.amountMmk,
          status: payments.status,
          expiresAt: payments.expiresAt,
          paidAt: payments.paidAt,
          refundRequired: payments.refundRequired,
          refundReason: payments.refundReason,
          refundAmountMmk: payments.refundAmountMmk,
          createdAt: payments.createdAt,
          updatedAt: payments.updatedAt,
        })
        .from(payments)
        .where(eq(payments.orderId, orderId)),

    receiptsOf: (orderId: string) =>
      db
        .select({
          eventId: paymentReceipts.eventId,
          amount: paymentReceipts.amount,
          currency: paymentReceipts.currency,
          outcome: paymentReceipts.outcome,
          refundRequired: paymentReceipts.refundRequired,
          refundAmount: paymentReceipts.refundAmount,
        })
        .from(paymentReceipts)
        .where(eq(paymentReceipts.orderId, orderId)),

    /** What the providers reported on these payments. */
    async eventsOf(paymentIds: readonly string[]) {
      if (paymentIds.length === 0) return [];
      return db
        .select({
          id: paymentEvents.id,
          provider: paymentEvents.provider,
          eventId: paymentEvents.eventId,
          type: paymentEvents.type,
          paymentId: paymentEvents.paymentId,
          outcome: paymentEvents.outcome,
          receivedAt: paymentEvents.receivedAt,
        })
        .from(paymentEvents)
        .where(inArray(paymentEvents.paymentId, [...paymentIds]));
    },

    /**
     * One page of the payments the sweep recorded as never reported on (or the one `paymentId`),
     * unresolved first, the latest window first, with the first report on each and the total.
     */
    async unknownPage(filter: UnknownPaymentFilter & { offset: number; limit: number }) {
      const [rows, total] = await Promise.all([
        db
          .select({
            payment: payments,
            unknownSince: paymentEvents.receivedAt,
            report: firstReport,
          })
          .from(paymentEvents)
          .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
          .where(whereOf(filter))
          .orderBy(asc(resolved), desc(payments.expiresAt), desc(payments.id))
          .offset(filter.offset)
          .limit(filter.limit),
        countUnknown(filter),
      ]);
      return { rows, total };
    },

    countUnknown,

    /** One keyset page of the payments report: attempts created in [from, to), oldest first. */
    reportPage(range: { from: Date; to: Date }, after: PaymentCursor | null, limit: number) {
      const createdKey = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
      return db
        .select({
          id: payments.id,
          orderId: payments.orderId,
          provider: payments.provider,
          method: payments.method,
          reference: payments.reference,
          amountMmk: payments.amountMmk,
          status: payments.status,
          createdAt: payments.createdAt,
          createdKey,
          paidAt: payments.paidAt,
          refundRequired: payments.refundRequired,
          refundAmountMmk: payments.refundAmountMmk,
        })
        .from(payments)
        .where(
          and(
            gte(payments.createdAt, range.from),
            lt(payments.createdAt, range.to),
            after
              ? sql`(${payments.createdAt}, ${payments.id}) > (${after.createdKey}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(limit);
    },
  };
}

export type PaymentsAdminReads = ReturnType<typeof paymentsAdminReads>;
