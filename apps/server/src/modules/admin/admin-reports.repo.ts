import type { LocalizedText } from '@shop/contracts/i18n';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import type { OrdersAdminReads } from '../orders/orders.admin-reads.ts';
import { moduleReads } from './module-reads.ts';

/*
 * The back-office's read side (ADR 0033): reports and search lists. Each module answers from its
 * own tables (its `*.admin-reads.ts`, issue 30); this puts them together: batch look-ups by lists
 * of ids, and where a list is filtered by another module's rows (a buyer's e-mail or phone, the
 * refunds of paid orders) a subquery of ids or a map passed on, so that pages and sums stay in
 * the database. Nothing here writes; writes go through the owning module.
 */

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

type OrderStatus = NonNullable<Parameters<OrdersAdminReads['list']>[0]['status']>;

const byId = <T extends { id: string }>(rows: readonly T[]) =>
  new Map(rows.map((row) => [row.id, row]));

/** The row's value in the map, which must be there (a foreign key holds it). */
function found<T>(map: Map<string, T>, id: string, what: string): T {
  const value = map.get(id);
  if (value === undefined) throw new Error(`${what} ${id} not found`);
  return value;
}

export function createAdminReportsRepo(db: Db) {
  const { auth, catalogue, loyalty, orders, payments, refunds } = moduleReads(db);

  /**
   * Orders paid since `since` (up to now: nothing is paid in the future), net of refunds (issue
   * 26): an order's kyat less its refund, refunded or still owed (the failed part is not a sale
   * either way); an order refunded whole is not counted; by category and operator, only the lines
   * that did not fail.
   */
  async function sales(since: Date): Promise<SalesFigures> {
    const [refunded, groups] = await Promise.all([
      refunds.amountsOf(orders.paidIdsSince(since)),
      catalogue.productGroups(),
    ]);
    const categoryNames = new Map(groups.map((g) => [g.categoryId, g.categoryName]));
    const [totals, byCategory, byOperator] = await Promise.all([
      orders.paidTotals(since, refunded),
      orders.paidLineSalesByGroup(
        since,
        Object.fromEntries(groups.map((g) => [g.productId, g.categoryId])),
      ),
      orders.paidLineSalesByOperator(
        since,
        Object.fromEntries(groups.map((g) => [g.productId, g.operatorCode])),
      ),
    ]);
    return {
      ...totals,
      byCategory: byCategory.map((r) => ({
        category: found(categoryNames, r.group, 'category'),
        orders: r.orders,
        kyat: r.kyat,
      })),
      byOperator,
    };
  }

  return {
    sales,
    ordersByStatus: () => orders.countByStatus(),
    refundsPending: () => refunds.pending(),
    /** Top-up lines sent to the aggregator whose outcome nobody knows (ADR 0020). */
    unconfirmedTopups: () => orders.unconfirmedTopups(),
    /** Card products on sale with at most `threshold` unexpired cards available. */
    lowStock: (now: Date, threshold: number) => catalogue.lowStock(now, threshold),
    /** Available cards that expire between now and `until`, per product. */
    expiringCards: (now: Date, until: Date) => catalogue.expiringCards(now, until),

    async failedJobs(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.status, 'failed'));
      return row?.n ?? 0;
    },

    /** One page of orders, newest first, with their buyers and their lines. */
    async listOrders(filter: {
      /** One customer's orders (the customer detail). */
      userId?: string;
      orderNumber?: string | undefined;
      email?: string | undefined;
      /** Digits of the buyer's phone, 95 form when given in full. */
      phone?: string | undefined;
      recipient?: string | undefined;
      status?: OrderStatus | undefined;
      from?: Date | undefined;
      to?: Date | undefined;
      offset: number;
      limit: number;
    }) {
      const { email, phone, ...rest } = filter;
      const page = await orders.list({
        ...rest,
        email: email ? { text: email, accountIds: auth.idsWithEmailLike(email) } : undefined,
        buyerIn: phone ? auth.idsWithPhoneLike(phone) : undefined,
      });
      const customers = byId(await auth.customersByIds(page.rows.map((o) => o.userId)));
      return {
        rows: page.rows.map((order) => ({
          order,
          customer: found(customers, order.userId, 'account'),
        })),
        lines: page.lines,
        total: page.total,
      };
    },

    listProductById: (id: string) => catalogue.listProductById(id),
    listProducts: (filter: Parameters<typeof catalogue.listProducts>[0]) =>
      catalogue.listProducts(filter),

    /** One page of customers, newest first, with how many orders and what they paid net. */
    async listCustomers(filter: {
      id?: string;
      q?: string | undefined;
      offset: number;
      limit: number;
    }) {
      const page = await auth.listAccounts(filter);
      const userIds = page.rows.map((u) => u.id);
      const refunded = userIds.length
        ? await refunds.amountsOf(orders.paidIdsOfBuyers(userIds))
        : {};
      const figures = new Map(
        (await orders.buyerFigures(userIds, refunded)).map((f) => [f.userId, f]),
      );
      return {
        rows: page.rows.map((user) => ({
          user,
          orderCount: figures.get(user.id)?.orderCount ?? 0,
          // What the customer paid less what was refunded or is owed back (issue 26).
          spentMmk: figures.get(user.id)?.spentMmk ?? 0,
        })),
        total: page.total,
      };
    },

    /** A member's points balance (0 without an account) and last entries, newest first. */
    async loyaltyOf(userId: string, limit: number) {
      const [balance, entries] = await Promise.all([
        loyalty.balanceOf(userId),
        loyalty.entriesOf(userId, limit),
      ]);
      const orderIds = entries.flatMap((e) => (e.orderId ? [e.orderId] : []));
      const numbers = byId(await orders.summariesByIds(orderIds));
      return {
        balance,
        entries: entries.map(({ orderId, ...entry }) => ({
          ...entry,
          orderNumber: (orderId && numbers.get(orderId)?.orderNumber) || null,
        })),
      };
    },

    /**
     * One keyset page of the orders report: orders created in [from, to) after the cursor, oldest
     * first, with their buyer and their lines' recipients.
     */
    async ordersReportPage(
      range: { from: Date; to: Date },
      after: ReportCursor | null,
      limit: number,
    ) {
      const page = await orders.reportPage(range, after, limit);
      const customers = byId(await auth.customersByIds(page.rows.map((r) => r.userId)));
      return {
        rows: page.rows.map(({ userId, ...row }) => {
          const customer = found(customers, userId, 'account');
          return { ...row, email: customer.email, phoneNumber: customer.phoneNumber };
        }),
        lines: page.lines,
      };
    },

    /** One keyset page of the payments report: payment attempts created in [from, to), oldest first. */
    async paymentsReportPage(
      range: { from: Date; to: Date },
      after: ReportCursor | null,
      limit: number,
    ) {
      const rows = await payments.reportPage(range, after, limit);
      const numbers = byId(await orders.summariesByIds(rows.map((r) => r.orderId)));
      return rows.map(({ orderId, ...row }) => ({
        ...row,
        orderNumber: found(numbers, orderId, 'order').orderNumber,
      }));
    },

    /** The categories of these ids that exist, with their names (promo codes name them). */
    categoriesByIds: (ids: readonly string[]) => catalogue.categoriesByIds(ids),
  };
}

export type AdminReportsRepo = ReturnType<typeof createAdminReportsRepo>;
