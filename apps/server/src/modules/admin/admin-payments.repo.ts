import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import type { UnknownPaymentFilter } from '../payments/payments.admin-reads.ts';
import { auditLog } from './admin.tables.ts';
import { moduleReads } from './module-reads.ts';

/** The staff action that records a finding about an unknown payment (audit log, order timeline). */
export const UNKNOWN_FINDING_ACTION = 'payment.unknown_finding';

/**
 * The back-office's read side of payments whose outcome is unknown (ADR 0059): each payment the
 * sweep recorded as never reported on, with its order, its customer and how it was resolved. The
 * payments module pages them (its order and filter are its own columns); orders, accounts and
 * staff's findings (the audit log) are looked up for the page. Nothing here writes; findings go
 * through the payments module.
 */
export function createAdminPaymentsRepo(db: Db) {
  const { auth, orders, payments } = moduleReads(db);

  /** Who first recorded staff's finding about each payment (its order's audit record names it). */
  async function findingStaff(page: readonly { id: string; orderId: string }[]) {
    if (page.length === 0) return new Map<string, string>();
    const rows = await db
      .select({
        paymentId: sql<string>`${auditLog.after} ->> 'paymentId'`,
        orderId: auditLog.targetId,
        email: auditLog.actorEmail,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, UNKNOWN_FINDING_ACTION),
          eq(auditLog.targetType, 'order'),
          inArray(
            auditLog.targetId,
            page.map((p) => p.orderId),
          ),
        ),
      )
      .orderBy(asc(auditLog.id));
    const staff = new Map<string, string>();
    for (const p of page) {
      const first = rows.find((r) => r.paymentId === p.id && r.orderId === p.orderId);
      if (first) staff.set(p.id, first.email);
    }
    return staff;
  }

  /** One page of them (or the one `paymentId`): unresolved first, the latest window first. */
  async function list(filter: UnknownPaymentFilter & { offset: number; limit: number }) {
    const page = await payments.unknownPage(filter);
    const paid = page.rows.map((r) => r.payment);
    const [orderRows, staff] = await Promise.all([
      orders.summariesByIds(paid.map((p) => p.orderId)),
      findingStaff(paid),
    ]);
    const orderOf = new Map(orderRows.map((o) => [o.id, o]));
    const customerOf = new Map(
      (await auth.customersByIds(orderRows.map((o) => o.userId))).map((c) => [c.id, c]),
    );
    const rows = page.rows.flatMap((row) => {
      const order = orderOf.get(row.payment.orderId);
      const customer = order && customerOf.get(order.userId);
      if (!order || !customer) return [];
      const orderSummary = {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        paymentStatus: order.paymentStatus,
      };
      return [
        { ...row, order: orderSummary, customer, staffEmail: staff.get(row.payment.id) ?? null },
      ];
    });
    return { rows, total: page.total };
  }

  return {
    list,
    /** Unknown payments nobody has resolved yet (the dashboard's figure). */
    countUnresolved: () => payments.countUnknown({ state: 'unresolved' }),
  };
}

export type AdminPaymentsRepo = ReturnType<typeof createAdminPaymentsRepo>;
export type UnknownPaymentRow = Awaited<ReturnType<AdminPaymentsRepo['list']>>['rows'][number];
