import type { LocalizedText } from '@shop/contracts/i18n';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import { users } from '../auth/auth.tables.ts';
import {
  cards,
  categories,
  isCardProductKind,
  operators,
  products,
} from '../catalogue/catalogue.tables.ts';
import { loyaltyAccounts, loyaltyLedger } from '../loyalty/loyalty.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { payments } from '../payments/payments.tables.ts';
import { orderRefunds } from '../refunds/refunds.tables.ts';

/*
 * The back-office's read side (ADR 0033): reports and search lists read across the modules'
 * tables in SQL, because a dashboard assembled from each module's service would be a dozen round
 * trips and still no joins. Nothing here writes; writes go through the owning module.
 */

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
const int = (value: unknown) => Number(value ?? 0);
/**
 * A column named with its table, for correlated subqueries: Drizzle leaves the table out of
 * `${column}` in a one-table select, which inside a subquery would name the subquery's own table.
 */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

/** Where a report's keyset page starts: after this row (created_at to the microsecond, id). */
export interface ReportCursor {
  createdKey: string;
  id: string;
}

export interface SalesFigures {
  orders: number;
  kyat: number;
  byCategory: { category: LocalizedText; orders: number; kyat: number }[];
  byOperator: { operator: string | null; orders: number; kyat: number }[];
}

export function createAdminReportsRepo(db: Db) {
  /**
   * Orders paid since `since` (up to now: nothing is paid in the future), net of refunds (issue
   * 26): an order's kyat less its refund, refunded or still owed (the failed part is not a sale
   * either way); an order refunded whole is not counted; by category and operator, only the lines
   * that did not fail.
   */
  async function sales(since: Date): Promise<SalesFigures> {
    const paidIn = and(isNotNull(orders.paidAt), gte(orders.paidAt, since));
    const notFailed = ne(orderItems.status, 'failed');
    const operatorCode = sql<
      string | null
    >`coalesce(${orderItems.operatorCode}, ${operators.code})`;
    const [totals, byCategory, byOperator] = await Promise.all([
      db
        .select({
          orders: sql<string>`count(*) filter (where ${orderRefunds.amountMmk} is null or ${orderRefunds.amountMmk} < ${orders.totalMmk})`,
          kyat: sql<string>`coalesce(sum(${orders.totalMmk} - coalesce(${orderRefunds.amountMmk}, 0)), 0)`,
        })
        .from(orders)
        .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id))
        .where(paidIn),
      db
        .select({
          id: categories.id,
          name: categories.name,
          orders: countDistinct(orders.id),
          kyat: sql<string>`coalesce(sum(${orderItems.lineTotalMmk}), 0)`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(and(paidIn, notFailed))
        .groupBy(categories.id, categories.name)
        .orderBy(desc(sql`3`)),
      db
        .select({
          operator: operatorCode,
          orders: countDistinct(orders.id),
          kyat: sql<string>`coalesce(sum(${orderItems.lineTotalMmk}), 0)`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .leftJoin(operators, eq(operators.id, products.operatorId))
        .where(and(paidIn, notFailed))
        .groupBy(operatorCode)
        .orderBy(desc(sql`3`)),
    ]);
    return {
      orders: int(totals[0]?.orders),
      kyat: int(totals[0]?.kyat),
      byCategory: byCategory.map((r) => ({
        category: r.name,
        orders: int(r.orders),
        kyat: int(r.kyat),
      })),
      byOperator: byOperator.map((r) => ({
        operator: r.operator,
        orders: int(r.orders),
        kyat: int(r.kyat),
      })),
    };
  }

  return {
    sales,

    async ordersByStatus(): Promise<Record<string, number>> {
      const rows = await db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .groupBy(orders.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    async refundsPending(): Promise<{ count: number; kyat: number }> {
      const [row] = await db
        .select({ n: count(), kyat: sql<string>`coalesce(sum(${orderRefunds.amountMmk}), 0)` })
        .from(orderRefunds)
        .where(eq(orderRefunds.status, 'refund_pending'));
      return { count: int(row?.n), kyat: int(row?.kyat) };
    },

    /** Top-up lines sent to the aggregator whose outcome nobody knows (ADR 0020). */
    async unconfirmedTopups(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(orderItems)
        .where(and(eq(orderItems.status, 'failed'), eq(orderItems.failureCode, 'unconfirmed')));
      return int(row?.n);
    },

    /** Card products on sale with at most `threshold` unexpired cards available. */
    async lowStock(now: Date, threshold: number) {
      const available = sql<number>`(select count(*)::int from ${cards} where ${cards.productId} = ${outer('products', 'id')} and ${cards.status} = 'available' and (${cards.expiresAt} is null or ${cards.expiresAt} > ${now.toISOString()}::timestamptz))`;
      const rows = await db
        .select({ productId: products.id, sku: products.sku, name: products.name, available })
        .from(products)
        .where(
          and(
            isCardProductKind(products.kind),
            inArray(products.status, ['active', 'out_of_stock']),
            lte(available, threshold),
          ),
        )
        .orderBy(asc(available), asc(products.sku));
      return rows.map((r) => ({ ...r, available: int(r.available) }));
    },

    /** Available cards that expire between now and `until`, per product. */
    async expiringCards(now: Date, until: Date) {
      const rows = await db
        .select({
          productId: products.id,
          sku: products.sku,
          name: products.name,
          count: count(),
          firstExpiry: sql<Date | string>`min(${cards.expiresAt})`,
        })
        .from(cards)
        .innerJoin(products, eq(products.id, cards.productId))
        .where(
          and(eq(cards.status, 'available'), gt(cards.expiresAt, now), lte(cards.expiresAt, until)),
        )
        .groupBy(products.id, products.sku, products.name)
        .orderBy(asc(sql`min(${cards.expiresAt})`));
      return rows.map((r) => ({
        productId: r.productId,
        sku: r.sku,
        name: r.name,
        count: int(r.count),
        firstExpiry: new Date(r.firstExpiry).toISOString(),
      }));
    },

    async failedJobs(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed'));
      return int(row?.n);
    },

    async listOrders(filter: {
      /** One customer's orders (the customer detail). */
      userId?: string;
      orderNumber?: string | undefined;
      email?: string | undefined;
      /** Digits of the buyer's phone, 95 form when given in full. */
      phone?: string | undefined;
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
      if (filter.email) {
        const like = contains(filter.email);
        conditions.push(or(ilike(orders.email, like), ilike(users.email, like)) as SQL);
      }
      if (filter.phone) conditions.push(ilike(users.phoneNumber, contains(filter.phone)));
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
          .where(where)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db
          .select({ n: count() })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .where(where),
      ]);
      const ids = rows.map((r) => r.order.id);
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

    listProductById(id: string) {
      return this.listProducts({ id, offset: 0, limit: 1 });
    },

    async listProducts(filter: {
      id?: string;
      q?: string | undefined;
      status?: (typeof products.status.enumValues)[number] | undefined;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.id) conditions.push(eq(products.id, filter.id));
      if (filter.q) {
        const like = contains(filter.q);
        conditions.push(
          or(
            ilike(products.sku, like),
            ilike(sql`${products.name}->>'en'`, like),
            ilike(sql`${products.name}->>'my'`, like),
          ) as SQL,
        );
      }
      if (filter.status) conditions.push(eq(products.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            product: products,
            category: categories.name,
            operator: operators.code,
            available: sql<
              number | null
            >`case when ${isCardProductKind(products.kind)} then (select count(*)::int from ${cards} where ${cards.productId} = ${outer('products', 'id')} and ${cards.status} = 'available') end`,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(operators, eq(operators.id, products.operatorId))
          .where(where)
          .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.sku))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: int(total?.n) };
    },

    async listCustomers(filter: {
      id?: string;
      q?: string | undefined;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.id) conditions.push(eq(users.id, filter.id));
      if (filter.q) {
        const like = contains(filter.q);
        conditions.push(
          or(
            ilike(users.name, like),
            ilike(users.email, like),
            ilike(users.phoneNumber, like),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            user: users,
            orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.userId} = ${outer('users', 'id')})`,
            // What the customer paid less what was refunded or is owed back (issue 26).
            spentMmk: sql<number>`(select coalesce(sum(${outer('orders', 'total_mmk')} - coalesce(${outer('order_refunds', 'amount_mmk')}, 0)), 0)::int from ${orders} left join ${orderRefunds} on ${outer('order_refunds', 'order_id')} = ${outer('orders', 'id')} where ${outer('orders', 'user_id')} = ${outer('users', 'id')} and ${outer('orders', 'paid_at')} is not null)`,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: int(total?.n) };
    },

    /** A member's points balance (0 without an account) and last entries, newest first. */
    async loyaltyOf(userId: string, limit: number) {
      const [account] = await db
        .select({ balance: loyaltyAccounts.balance })
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.userId, userId))
        .limit(1);
      const entries = await db
        .select({
          id: loyaltyLedger.id,
          points: loyaltyLedger.points,
          kind: loyaltyLedger.kind,
          reason: loyaltyLedger.reason,
          balanceAfter: loyaltyLedger.balanceAfter,
          orderNumber: orders.orderNumber,
          createdAt: loyaltyLedger.createdAt,
        })
        .from(loyaltyLedger)
        .leftJoin(orders, eq(orders.id, loyaltyLedger.orderId))
        .where(eq(loyaltyLedger.userId, userId))
        .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
        .limit(limit);
      return { balance: account?.balance ?? 0, entries };
    },

    /**
     * One keyset page of the orders report: orders created in [from, to) after the cursor, oldest
     * first, with their buyer and their lines' recipients. The cursor is the last row's created_at
     * to the microsecond (as text, a JavaScript Date keeps only milliseconds) and id.
     */
    async ordersReportPage(
      range: { from: Date; to: Date },
      after: ReportCursor | null,
      limit: number,
    ) {
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
          email: users.email,
          phoneNumber: users.phoneNumber,
        })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
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

    /** One keyset page of the payments report: payment attempts created in [from, to), oldest first. */
    async paymentsReportPage(
      range: { from: Date; to: Date },
      after: ReportCursor | null,
      limit: number,
    ) {
      const createdKey = sql<string>`to_char(${payments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
      return db
        .select({
          id: payments.id,
          orderNumber: orders.orderNumber,
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
        .innerJoin(orders, eq(orders.id, payments.orderId))
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

    /** The categories of these ids that exist, with their names (promo codes name them). */
    async categoriesByIds(ids: readonly string[]): Promise<{ id: string; name: LocalizedText }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
    },
  };
}

export type AdminReportsRepo = ReturnType<typeof createAdminReportsRepo>;
