import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  inArray,
  isNull,
  lt,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { OrderDisplayStatus } from '@shop/contracts/orders';
import { paidPaymentStatuses } from '@shop/contracts/order-status';
import { lockForTransaction, type Db } from '../../platform/db.ts';
import { invoiceNumberSeq, orderFeedback, orderItems, orders } from './orders.tables.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'orderId'>;
export type OrderFeedbackRow = typeof orderFeedback.$inferSelect;
/** Payment states of an order that can still be paid (a refusal or expiry leaves it open). */
export const openPaymentStatuses = ['pending', 'expired', 'failed'] as const;

/** Whether the order still waits for its money: Pay now, a new QR or another method can pay it. */
export const isOpenOrder = (order: Pick<OrderRow, 'status' | 'paymentStatus'>): boolean =>
  order.status === 'pending' &&
  (openPaymentStatuses as readonly string[]).includes(order.paymentStatus);

/** isOpenOrder as a query's condition. */
export const orderIsOpen = () =>
  and(eq(orders.status, 'pending'), inArray(orders.paymentStatus, openPaymentStatuses));

export interface OrderWithItems {
  order: OrderRow;
  items: OrderItemRow[];
}

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createOrdersRepo(db: Db) {
  async function withItems(order: OrderRow | undefined): Promise<OrderWithItems | null> {
    if (!order) return null;
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.position));
    return { order, items };
  }

  return {
    inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Serialises checkouts of one user until the transaction ends, so that "is there already an
     * order for this cart?" and "insert it" cannot interleave (PostgreSQL advisory lock).
     */
    async lockUserCheckout(userId: string): Promise<void> {
      await lockForTransaction(db, `checkout:${userId}`);
    },

    /** The account an order belongs to (null when there is no such order), read without a lock. */
    async ownerOf(orderId: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: orders.userId })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      return row?.userId ?? null;
    },

    /** The id of the order with this number or id (what staff type in), or null. */
    async idOf(orderOrNumber: string): Promise<string | null> {
      const [row] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          or(
            eq(orders.orderNumber, orderOrNumber),
            eq(sql`${orders.id}::text`, orderOrNumber.toLowerCase()),
          ),
        )
        .limit(1);
      return row?.id ?? null;
    },

    /** Order lines by their ids (any order; ids with no line are absent). */
    async itemsByIds(itemIds: string[]): Promise<OrderItemRow[]> {
      if (itemIds.length === 0) return [];
      return db.select().from(orderItems).where(inArray(orderItems.id, itemIds));
    },

    /** The order a line is in (null when there is no such line). */
    async orderOfItem(itemId: string): Promise<string | null> {
      const [row] = await db
        .select({ orderId: orderItems.orderId })
        .from(orderItems)
        .where(eq(orderItems.id, itemId))
        .limit(1);
      return row?.orderId ?? null;
    },

    /**
     * A checkout of the order began (ADR 0043): its hold counts from `now`, against the client
     * network it came from. Answers the order as it is now.
     */
    async startHold(orderId: string, now: Date, clientNetwork: string | null): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ holdStartedAt: now, clientNetwork, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      if (!row) throw new Error('order vanished');
      return row;
    },

    async findByIdempotencyKey(userId: string, key: string): Promise<OrderWithItems | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
        .limit(1);
      return withItems(row);
    },

    /** Ids of the user's orders that still wait for their money (not locked). */
    async openOrderIds(userId: string): Promise<string[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, userId), orderIsOpen()));
      return rows.map((r) => r.id);
    },

    /**
     * The user's orders that still wait for their money (not paid, not cancelled), locked until
     * the transaction ends in id order (the one lock order for several orders), newest first.
     */
    async lockOpenOrders(userId: string): Promise<OrderRow[]> {
      const rows = await db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), orderIsOpen()))
        .orderBy(asc(orders.id))
        .for('update');
      return rows.sort(
        (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
      );
    },

    async insertOrder(order: NewOrder, items: NewOrderItem[]): Promise<OrderWithItems> {
      const [row] = await db.insert(orders).values(order).returning();
      if (!row) throw new Error('order not inserted');
      const inserted = await db
        .insert(orderItems)
        .values(items.map((item) => ({ ...item, orderId: row.id })))
        .returning();
      return { order: row, items: inserted.sort((a, b) => a.position - b.position) };
    },

    async findOrder(orderId: string): Promise<OrderWithItems | null> {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      return withItems(row);
    },

    /** The order row locked until the transaction ends (its payment state changes under it). */
    async lockOrder(orderId: string): Promise<OrderRow | null> {
      const [row] = await db
        .select()
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** Several order rows locked, always in id order (so two lockers never wait on each other). */
    async lockOrders(orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.id, orderIds))
        .orderBy(asc(orders.id))
        .for('update');
    },

    async updateOrder(
      orderId: string,
      change: Partial<
        Pick<
          OrderRow,
          'status' | 'paymentStatus' | 'paymentMethod' | 'paidAt' | 'cancelledAt' | 'completedAt'
        >
      >,
    ): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ ...change, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      if (!row) throw new Error('order vanished');
      return row;
    },

    /** Where the order's codes are e-mailed (checkout's address, or one the buyer gave since). */
    async setEmail(orderId: string, email: string): Promise<OrderRow> {
      const [row] = await db
        .update(orders)
        .set({ email, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId))
        .returning();
      if (!row) throw new Error('order vanished');
      return row;
    },

    async setItemStatus(
      itemId: string,
      status: OrderItemRow['status'],
      failureCode: string | null = null,
    ): Promise<void> {
      await db
        .update(orderItems)
        .set({ status, failureCode })
        .where(and(eq(orderItems.id, itemId), eq(orderItems.status, 'pending')));
    },

    /**
     * A staff action on a line that fulfilment had ended (ADR 0036: an unconfirmed top-up
     * resolved, a failed one sent again), under the order's lock: answers whether it changed.
     */
    async restateItem(
      itemId: string,
      from: { status: OrderItemRow['status']; failureCode: string | null },
      to: { status: OrderItemRow['status']; failureCode: string | null },
    ): Promise<boolean> {
      const rows = await db
        .update(orderItems)
        .set(to)
        .where(
          and(
            eq(orderItems.id, itemId),
            eq(orderItems.status, from.status),
            from.failureCode === null
              ? isNull(orderItems.failureCode)
              : eq(orderItems.failureCode, from.failureCode),
          ),
        )
        .returning({ id: orderItems.id });
      return rows.length > 0;
    },

    /**
     * A page of the user's orders, newest first, optionally of one status as shown (ADR 0051):
     * a failed order with a delivered line is "partly delivered", one with a top-up still being
     * checked with the operator (and none delivered) is "checking", the rest of them "failed".
     */
    /**
     * The latest paid line to each of `phoneNumbers` (95 form) among the account's orders, newest
     * first per number: what a saved recipient's "Top up again" buys once more. Lines that paid a
     * "Top me up" request are not counted.
     */
    async lastPaidLinesTo(
      userId: string,
      phoneNumbers: readonly string[],
    ): Promise<{ order: OrderRow; item: OrderItemRow }[]> {
      if (phoneNumbers.length === 0) return [];
      const rows = await db
        .selectDistinctOn([orderItems.phoneNumber], { order: orders, item: orderItems })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orders.userId, userId),
            inArray(orders.paymentStatus, paidPaymentStatuses),
            inArray(orderItems.phoneNumber, [...phoneNumbers]),
            // A line that paid someone's "Top me up" request is not the account's own buying
            // for that number (ADR 0080): never its "last order".
            isNull(orderItems.topupRequestId),
          ),
        )
        .orderBy(orderItems.phoneNumber, desc(orders.createdAt), asc(orderItems.position));
      return rows;
    },

    async listForUser(
      userId: string,
      page: { offset: number; limit: number; status: OrderDisplayStatus | undefined },
    ): Promise<{ rows: OrderWithItems[]; total: number }> {
      const lineWhere = (condition: SQL | undefined) =>
        exists(
          db
            .select({ one: sql`1` })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, orders.id), condition)),
        );
      const delivered = lineWhere(eq(orderItems.status, 'delivered'));
      const toCheck = lineWhere(
        and(eq(orderItems.status, 'failed'), eq(orderItems.failureCode, 'unconfirmed')),
      );
      const byStatus = (status: OrderDisplayStatus): SQL | undefined => {
        if (status === 'partly_delivered') return and(eq(orders.status, 'failed'), delivered);
        if (status === 'checking') return and(eq(orders.status, 'failed'), not(delivered), toCheck);
        if (status === 'failed')
          return and(eq(orders.status, 'failed'), not(delivered), not(toCheck));
        return eq(orders.status, status);
      };
      const where = and(eq(orders.userId, userId), page.status ? byStatus(page.status) : undefined);
      const [totalRow] = await db.select({ n: count() }).from(orders).where(where);
      const rows = await db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(page.limit)
        .offset(page.offset);
      const items =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(orderItems)
              .where(
                inArray(
                  orderItems.orderId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(orderItems.position));
      return {
        rows: rows.map((order) => ({
          order,
          items: items.filter((i) => i.orderId === order.id),
        })),
        total: totalRow?.n ?? 0,
      };
    },

    /** Scratching, a card-list download or an invoice ends sharing (spec §4); the first time counts. */
    async disableSharing(orderId: string): Promise<void> {
      await db
        .update(orders)
        .set({ sharingDisabledAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(orders.id, orderId), isNull(orders.sharingDisabledAt)));
    },

    /**
     * Gives the order its invoice number the first time (INV-<Yangon year>-<6-digit sequence>)
     * and answers the number it has.
     */
    async assignInvoiceNumber(orderId: string): Promise<string> {
      const [assigned] = await db
        .update(orders)
        .set({
          invoiceNumber: sql`'INV-' || to_char(now() at time zone 'Asia/Yangon', 'YYYY') || '-' || lpad(nextval('${sql.raw(invoiceNumberSeq.seqName ?? 'invoice_number_seq')}')::text, 6, '0')`,
          invoicedAt: sql`now()`,
          sharingDisabledAt: sql`coalesce(${orders.sharingDisabledAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, orderId), isNull(orders.invoiceNumber)))
        .returning({ invoiceNumber: orders.invoiceNumber });
      if (assigned?.invoiceNumber) return assigned.invoiceNumber;
      const [row] = await db
        .select({ invoiceNumber: orders.invoiceNumber })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!row?.invoiceNumber) throw new Error('invoice number missing');
      return row.invoiceNumber;
    },

    async feedbackOf(orderIds: string[]): Promise<OrderFeedbackRow[]> {
      if (orderIds.length === 0) return [];
      return db.select().from(orderFeedback).where(inArray(orderFeedback.orderId, orderIds));
    },

    async saveFeedback(orderId: string, rating: number, comment: string | null) {
      const [row] = await db
        .insert(orderFeedback)
        .values({ orderId, rating, comment })
        .onConflictDoUpdate({
          target: orderFeedback.orderId,
          set: { rating, comment, updatedAt: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('feedback not saved');
      return row;
    },

    /** Orders whose payment window passed: their payment status follows (no payment pending any more). */
    async markPaymentsExpired(orderIds: string[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db
        .update(orders)
        .set({ paymentStatus: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            inArray(orders.id, orderIds),
            eq(orders.status, 'pending'),
            eq(orders.paymentStatus, 'pending'),
          ),
        );
    },

    /** Pending orders nobody paid for since `before` end failed (checked by the sweep). */
    /** Ends orders nobody paid for since `before` (failed, payment expired); answers their ids. */
    async failAbandoned(before: Date): Promise<string[]> {
      const rows = await db
        .update(orders)
        .set({ status: 'failed', paymentStatus: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            // A refused payment leaves the order open for Pay Again, so it is abandoned too.
            orderIsOpen(),
            lt(orders.updatedAt, before),
          ),
        )
        .returning({ id: orders.id });
      return rows.map((r) => r.id);
    },

    /** Orders per status, for the metrics scrape (an index-only count on orders_status_idx). */
    async countByStatus(): Promise<{ status: OrderRow['status']; count: number }[]> {
      return db
        .select({ status: orders.status, count: count() })
        .from(orders)
        .groupBy(orders.status);
    },
  };
}

export type OrdersRepo = ReturnType<typeof createOrdersRepo>;
