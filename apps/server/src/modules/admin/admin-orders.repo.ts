import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import { users } from '../auth/auth.tables.ts';
import { orderCards, topupRequests } from '../fulfilment/fulfilment.tables.ts';
import { loyaltyLedger } from '../loyalty/loyalty.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { paymentEvents, paymentReceipts, payments } from '../payments/payments.tables.ts';
import { orderRefunds, providerRefunds } from '../refunds/refunds.tables.ts';
import { shareReveals, shares } from '../sharing/sharing.tables.ts';
import { auditLog } from './admin.tables.ts';

/**
 * The back-office's read side of one order (issue 17): the order and everything the modules'
 * tables record about it, read in SQL (ADR 0033: reads cross modules, writes go through the
 * owning module). Secrets stay out: no PINs, no share ids (a share id is the link), no QR payloads
 * and no webhook bodies.
 */
export function createAdminOrdersRepo(db: Db) {
  return {
    async order(orderId: string) {
      const [row] = await db
        .select({
          order: orders,
          customer: {
            id: users.id,
            name: users.name,
            email: users.email,
            phoneNumber: users.phoneNumber,
          },
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId))
        .limit(1);
      if (!row) return null;
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
      return { ...row, items };
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
        reveals,
        ledger,
        audit,
        refundsAtProviders,
      ] = await Promise.all([
        db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).limit(1),
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
        itemIds.length
          ? db.select().from(topupRequests).where(inArray(topupRequests.orderItemId, itemIds))
          : Promise.resolve([]),
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
        db
          .select({
            type: shares.type,
            createdAt: shares.createdAt,
            expiresAt: shares.expiresAt,
            disabledAt: shares.disabledAt,
          })
          .from(shares)
          .where(eq(shares.orderId, orderId)),
        db
          .select({
            orderItemId: orderCards.orderItemId,
            position: orderCards.position,
            revealedAt: shareReveals.revealedAt,
          })
          .from(shareReveals)
          .innerJoin(orderCards, eq(orderCards.id, shareReveals.orderCardId))
          .where(eq(orderCards.orderId, orderId)),
        db
          .select({
            kind: loyaltyLedger.kind,
            points: loyaltyLedger.points,
            balanceAfter: loyaltyLedger.balanceAfter,
            createdAt: loyaltyLedger.createdAt,
          })
          .from(loyaltyLedger)
          .where(eq(loyaltyLedger.orderId, orderId)),
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
        db
          .select()
          .from(providerRefunds)
          .where(eq(providerRefunds.orderId, orderId))
          .orderBy(asc(providerRefunds.createdAt)),
      ]);
      const paymentIds = paymentRows.map((p) => p.id);
      const events = paymentIds.length
        ? await db
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
            .where(inArray(paymentEvents.paymentId, paymentIds))
        : [];
      return {
        refund: refund[0] ?? null,
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
