import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentEvents, payments } from '../payments/payments.tables.ts';

/** The staff action that records a finding about an unknown payment (audit log, order timeline). */
export const UNKNOWN_FINDING_ACTION = 'payment.unknown_finding';

/**
 * The first report on the payment after its outcome became unknown: the provider's callback (paid
 * or refused) or staff's finding, as JSON (type, event id, outcome, time), or null. Correlated on
 * the outer query's payments row (named with its table: see `outer` in admin-reports.repo.ts).
 */
const firstReport = sql<{ type: string; eventId: string; outcome: string; at: string } | null>`(
  select json_build_object('type', e.type, 'eventId', e.event_id, 'outcome', e.outcome, 'at', e.received_at)
  from payment_events e
  where e.payment_id = "payments"."id" and e.type in ('payment.succeeded', 'payment.failed')
  order by e.received_at, e.id
  limit 1
)`;

/** Who recorded staff's finding about the payment (its audit record names the payment). */
const findingStaff = sql<string | null>`(
  select a.actor_email from audit_log a
  where a.action = ${UNKNOWN_FINDING_ACTION} and a.target_type = 'order'
    and a.target_id = "payments"."order_id"::text and a.after ->> 'paymentId' = "payments"."id"::text
  order by a.id
  limit 1
)`;

const resolved = sql<boolean>`exists (
  select 1 from payment_events e
  where e.payment_id = "payments"."id" and e.type in ('payment.succeeded', 'payment.failed')
)`;

interface UnknownFilter {
  state?: 'unresolved' | 'resolved' | undefined;
  paymentId?: string;
}

/** The payments recorded unknown (their payment.unknown events) in the filter's state. */
function whereOf(filter: UnknownFilter): SQL | undefined {
  const conditions: SQL[] = [eq(paymentEvents.type, 'payment.unknown')];
  if (filter.state === 'unresolved') conditions.push(sql`not ${resolved}`);
  if (filter.state === 'resolved') conditions.push(resolved);
  if (filter.paymentId) conditions.push(eq(payments.id, filter.paymentId));
  return and(...conditions);
}

/**
 * The back-office's read side of payments whose outcome is unknown (ADR 0059): each payment the
 * sweep recorded as never reported on, with its order, its customer and how it was resolved.
 * Nothing here writes; findings go through the payments module.
 */
export function createAdminPaymentsRepo(db: Db) {
  /** How many there are in this state. */
  async function countOf(filter: UnknownFilter): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(paymentEvents)
      .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
      .where(whereOf(filter));
    return row?.n ?? 0;
  }

  /** One page of them (or the one `paymentId`): unresolved first, the latest window first. */
  async function list(filter: UnknownFilter & { offset: number; limit: number }) {
    const [rows, total] = await Promise.all([
      db
        .select({
          payment: payments,
          unknownSince: paymentEvents.receivedAt,
          order: {
            id: orders.id,
            orderNumber: orders.orderNumber,
            status: orders.status,
            paymentStatus: orders.paymentStatus,
          },
          customer: {
            id: users.id,
            name: users.name,
            email: users.email,
            phoneNumber: users.phoneNumber,
          },
          report: firstReport,
          staffEmail: findingStaff,
        })
        .from(paymentEvents)
        .innerJoin(payments, eq(payments.id, paymentEvents.paymentId))
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(whereOf(filter))
        .orderBy(asc(resolved), desc(payments.expiresAt), desc(payments.id))
        .offset(filter.offset)
        .limit(filter.limit),
      countOf(filter),
    ]);
    return { rows, total };
  }

  return {
    list,
    /** Unknown payments nobody has resolved yet (the dashboard's figure). */
    countUnresolved: () => countOf({ state: 'unresolved' }),
  };
}

export type AdminPaymentsRepo = ReturnType<typeof createAdminPaymentsRepo>;
export type UnknownPaymentRow = Awaited<ReturnType<AdminPaymentsRepo['list']>>['rows'][number];
