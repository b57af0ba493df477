import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { orderItems, orders } from './orders.tables.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
const int = (value: unknown) => Number(value ?? 0);

/** Where a report's keyset page starts: after this row (created_at to the microsecond, id). */
export interface OrderCursor {
  createdKey: string;
  id: string;
}

/** Kyat refunded or owed back per order id (refunds' answer), as one JSON parameter. */
export type RefundedMmk = Record<string, number>;

/** The order's refund in kyat from the JSON map `refunded`, or null. */
const refundedOf = (refunded: RefundedMmk) =>
  sql<number | null>`(${JSON.stringify(refunded)}::jsonb ->> ${orders.id}::text)::int`;

const paidSince = (since: Date) => and(isNotNull(orders.paidAt), gte(orders.paidAt, since));

/**
 * The back-office's reads of orders and their lines (issue 30: a module owns the read models of
 * its tables). Plain rows; what other modules know of an order (its buyer, its refund, its
 * products' categories) comes in as ids, subqueries of ids or a JSON map, so pages and sums stay
 * in the database.
 */
export function ordersAdminReads(db: Db) {
  return {
    /** The order and its lines in their order, or null. */
    async orderWithItems(orderId: string) {
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
      if (!order) return null;
      const items = await db
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.position));
      return { order, items };
    },

    /**
     * One page of orders, newest first, with their lines' recipients and statuses. `emailOf` and
     * `buyerIn` are subqueries of account ids (auth's): the e-mail matches the order's or its
     * buyer's; the buyer is among them.
     */
    async list(filter: {
      userId?: string | undefined;
      orderNumber?: string | undefined;
      email?: { text: string; accountIds: SQLWrapper } | undefined;
      buyerIn?: SQLWrapper | undefined;
      recipient?: string | undefined;
      status?: (typeof orders.status.enumValues)[number] | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.userId) conditions.push(eq(orders.userId, filter.userId));
      if (filter.orderNumber)
        conditions.push(ilike(orders.orderNumber, contains(filter.orderNumber)));
      if (filter.email)
        conditions.push(
          or(
            ilike(orders.email, contains(filter.email.text)),
            inArray(orders.userId, filter.email.accountIds),
          ) as SQL,
        );
      if (filter.buyerIn) conditions.push(inArray(orders.userId, filter.buyerIn));
      if (filter.recipient)
        conditions.push(
          exists(
            db
              .select({ one: sql`1` })
              .from(orderItems)
              .where(
                and(
                  eq(orderItems.orderId, orders.id),
                  ilike(orderItems.phoneNumber, contains(filter.recipient)),
                ),
              ),
          ),
        );
      if (filter.status) conditions.push(eq(orders.status, filter.status));
      if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
      if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(orders)
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(orders).where(where),
      ]);
      const ids = rows.map((r) => r.id);
      const lines = ids.length
        ? await db
            .select({
              orderId: orderItems.orderId,
              phoneNumber: orderItems.phoneNumber,
              quantity: orderItems.quantity,
              status: orderItems.status,
              failureCode: orderItems.failureCode,
            })
            .from(orderItems)
            .where(inArray(orderItems.orderId, ids))
        : [];
      return { rows, lines, total: int(total?.n) };
    },

    /** These orders' numbers, statuses and buyers (any order). */
    async summariesByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          userId: orders.userId,
        })
        .from(orders)
        .where(inArray(orders.id, [...new Set(ids)]));
    },

    async countByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /** Top-up lines sent to the aggregator whose outcome nobody knows (ADR 0020). */
    async unconfirmedTopups(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(and(eq(orderItems.status, 'failed'), eq(orderItems.failureCode, 'unconfirmed')));
      return int(row?.n);
    },

    /** The ids of the orders paid since `since` (a subquery, for refunds' look-up). */
    paidIdsSince: (since: Date) =>
      db.select({ id: orders.id }).from(orders).where(paidSince(since)),

    /** The ids of these accounts' paid orders (a subquery). */
    paidIdsOfBuyers: (userIds: readonly string[]) =>
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(inArray(orders.userId, [...userIds]), isNotNull(orders.paidAt))),

    /**
     * Orders paid since `since`, net of their refunds (issue 26): the kyat less each refund; an
     * order refunded whole is not counted.
     */
    async paidTotals(since: Date, refunded: RefundedMmk) {
      const refund = refundedOf(refunded);
      const [row] = await db
        .select({
          orders: sql<string>`count(*) filter (where ${refund} is null or ${refund} < ${orders.totalMmk})`,
          kyat: sql<string>`coalesce(sum(${orders.totalMmk} - coalesce(${refund}, 0)), 0)`,
        })
        .from(orders)
        .where(paidSince(since));
      return { orders: int(row?.orders), kyat: int(row?.kyat) };
    },

    /**
     * The lines that did not fail of orders paid since `since`, by the group `groupOf` gives their
     * product (lines of products it does not name are left out), the most kyat first.
     */
    async paidLineSalesByGroup(since: Date, groupOf: Record<string, string>) {
      const group = sql<
        string | null
      >`(${JSON.stringify(groupOf)}::jsonb ->> ${orderItems.productId}::text)`;
      const rows = await db
        .select({
          group,
          orders: countDistinct(orders.id),
          kyat: sql<string>`coalesce(sum(${orderItems.lineTotalMmk}), 0)`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(paidSince(since), ne(orderItems.status, 'failed'), sql`${group} is not null`))
        .groupBy(sql`1`)
        .orderBy(desc(sql`3`));
      return rows.map((r) => ({ group: r.group ?? '', orders: int(r.orders), kyat: int(r.kyat) }));
    },

    /**
     * The same by operator: the line's own operator, else the one `operatorOf` gives its product.
     */
    async paidLineSalesByOperator(since: Date, operatorOf: Record<string, string | null>) {
      const operator = sql<
        string | null
      >`coalesce(${orderItems.operatorCode}, ${JSON.stringify(operatorOf)}::jsonb ->> ${orderItems.productId}::text)`;
      const rows = await db
        .select({
          operator,
          orders: countDistinct(orders.id),
          kyat: sql<string>`coalesce(sum(${orderItems.lineTotalMmk}), 0)`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(paidSince(since), ne(orderItems.status, 'failed')))
        .groupBy(sql`1`)
        .orderBy(desc(sql`3`));
      return rows.map((r) => ({ operator: r.operator, orders: int(r.orders), kyat: int(r.kyat) }));
    },

    /**
     * Per buyer: how many orders, and what the paid ones came to less their refunds (issue 26).
     * Buyers without orders are not answered.
     */
    async buyerFigures(userIds: readonly string[], refunded: RefundedMmk) {
      if (userIds.length === 0) return [];
      const refund = refundedOf(refunded);
      return db
        .select({
          userId: orders.userId,
          orderCount: sql<number>`count(*)::int`,
          spentMmk: sql<number>`coalesce(sum(${orders.totalMmk} - coalesce(${refund}, 0)) filter (where ${orders.paidAt} is not null), 0)::int`,
        })
        .from(orders)
        .where(inArray(orders.userId, [...userIds]))
        .groupBy(orders.userId);
    },

    /**
     * One keyset page of the orders report: orders created in [from, to) after the cursor, oldest
     * first, with their lines' recipients. The cursor is the last row's created_at to the
     * microsecond (as text, a JavaScript Date keeps only milliseconds) and id.
     */
    async reportPage(range: { from: Date; to: Date }, after: OrderCursor | null, limit: number) {
      const createdKey = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
      const rows = await db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          createdKey,
          status: orders.status,
          paymentStatus: orders.paymentStatus,
          paymentMethod: orders.paymentMethod,
          totalMmk: orders.totalMmk,
          discountMmk: orders.discountMmk,
          promoCode: orders.promoCode,
          userId: orders.userId,
        })
        .from(orders)
        .where(
          and(
            gte(orders.createdAt, range.from),
            lt(orders.createdAt, range.to),
            after
              ? sql`(${orders.createdAt}, ${orders.id}) > (${after.createdKey}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
      const ids = rows.map((r) => r.id);
      const lines = ids.length
        ? await db
            .select({ orderId: orderItems.orderId, phoneNumber: orderItems.phoneNumber })
            .from(orderItems)
            .where(and(inArray(orderItems.orderId, ids), isNotNull(orderItems.phoneNumber)))
            .orderBy(asc(orderItems.orderId), asc(orderItems.position))
        : [];
      return { rows, lines };
    },
  };
}

export type OrdersAdminReads = ReturnType<typeof ordersAdminReads>;
