import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import { auditLog } from './admin.tables.ts';
import { moduleReads } from './module-reads.ts';

/**
 * The back-office's read side of one order (issue 17): the order and everything the modules
 * record about it, each module answering from its own tables (its `*.admin-reads.ts`, issue 30).
 * Secrets stay out: no PINs, no share ids (a share id is the link), no QR payloads and no webhook
 * bodies.
 */
export function createAdminOrdersRepo(db: Db) {
  const { auth, fulfilment, loyalty, orders, payments, refunds, sharing } = moduleReads(db);

  return {
    async order(orderId: string) {
      const found = await orders.orderWithItems(orderId);
      if (!found) return null;
      const [customer] = await auth.customersByIds([found.order.userId]);
      if (!customer) return null;
      return { order: found.order, customer, items: found.items };
    },

    /** Everything recorded about the order, for its timeline and its lines' delivery counts. */
    async records(orderId: string, itemIds: string[]) {
      const [
        refund,
        paymentRows,
        receipts,
        jobRows,
        topups,
        cards,
        shareRows,
        ledger,
        audit,
        refundsAtProviders,
      ] = await Promise.all([
        refunds.refundOf(orderId),
        payments.paymentsOf(orderId),
        payments.receiptsOf(orderId),
        // Every job of the order names it in its payload (fulfilment, e-mails, notices, pushes).
        db
          .select({
            id: jobs.id,
            type: jobs.type,
            payload: jobs.payload,
            status: jobs.status,
            attempts: jobs.attempts,
            runAt: jobs.runAt,
            lastError: jobs.lastError,
            createdAt: jobs.createdAt,
            updatedAt: jobs.updatedAt,
          })
          .from(jobs)
          .where(sql`${jobs.payload} ->> 'orderId' = ${orderId}`),
        fulfilment.topupsOf(itemIds),
        fulfilment.cardsOf(orderId),
        sharing.sharesOf(orderId),
        loyalty.ledgerOf(orderId),
        db
          .select({
            id: auditLog.id,
            actorEmail: auditLog.actorEmail,
            action: auditLog.action,
            after: auditLog.after,
            createdAt: auditLog.createdAt,
          })
          .from(auditLog)
          .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)))
          .orderBy(asc(auditLog.id)),
        // Refunds sent to the payment's provider (ADR 0060), with what it answered.
        refunds.providerRefundsOf(orderId),
      ]);
      const [events, revealRows] = await Promise.all([
        payments.eventsOf(paymentRows.map((p) => p.id)),
        sharing.revealsOf(cards.map((c) => c.id)),
      ]);
      const cardOf = new Map(cards.map((c) => [c.id, c]));
      const reveals = revealRows.flatMap((r) => {
        const card = cardOf.get(r.orderCardId);
        return card
          ? [{ orderItemId: card.orderItemId, position: card.position, revealedAt: r.revealedAt }]
          : [];
      });
      return {
        refund,
        payments: paymentRows,
        events,
        receipts,
        jobs: jobRows,
        topups,
        cards,
        shares: shareRows,
        reveals,
        ledger,
        audit,
        providerRefunds: refundsAtProviders,
      };
    },
  };
}

export type AdminOrdersRepo = ReturnType<typeof createAdminOrdersRepo>;
export type AdminOrderRecords = Awaited<ReturnType<AdminOrdersRepo['records']>>;
