import {
  EXPIRING_WITHIN_DAYS,
  LOW_STOCK_THRESHOLD,
  type AdminCustomer,
  type AdminCustomerListQuery,
  type AdminMembership,
  type AdminOrder,
  type AdminOrderListQuery,
  type AdminProduct,
  type AdminProductListQuery,
  type AdminProductCreate,
  type AdminProductPatch,
  type Dashboard,
} from '@shop/contracts/admin';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { Membership } from '@shop/contracts/auth';
import { hasPrioritySupport } from '@shop/contracts/tier-benefits';
import type {
  AdminPromoCode,
  AdminPromoCreate,
  AdminPromoListQuery,
  AdminPromoPatch,
} from '@shop/contracts/admin-promo';
import type { OrderStatus } from '@shop/contracts/checkout';
import { deliveredUnitsOf, isToCheck, orderDisplayStatus } from '@shop/contracts/orders';
import { normalizePhone } from '@shop/contracts/phone';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { accountOf } from '../auth/auth.service.ts';
import type { ProductAdminService } from '../catalogue/product-admin.service.ts';
import type { ProductRow } from '../catalogue/product-admin.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PromoCodeRow } from '../promotions/promotions.service.ts';
import {
  promoRecord,
  promoTerms,
  promoStateAt,
  type PromotionsService,
} from '../promotions/promotions.service.ts';
import { startOfYangonDay } from '../../platform/clock.ts';
import { dayRange, pageMeta } from './admin-paging.ts';
import type { AdminPaymentsRepo } from './admin-payments.repo.ts';
import type { AdminReportsRepo } from './admin-reports.repo.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a typed phone number is searched as: the 95 form's digits when it reads as a Myanmar number
 * from its start (09…, 959…, +95 9…), else the digits as typed, found anywhere in the number.
 */
export function phoneSearch(input: string): string {
  const digits = input.replace(/[\s\-()+]/g, '');
  if (/^(0|95)9/.test(digits)) {
    const local = normalizePhone(digits);
    if (local) return `95${local.slice(1)}`;
  }
  return digits;
}

/** An order's status as shown (ADR 0051), from its stored status and its lines. */
export const shownStatusOf = (
  status: OrderStatus,
  lines: readonly { status: string; failureCode: string | null }[],
) =>
  orderDisplayStatus(
    status,
    lines.map((line) => ({
      status: line.status,
      toCheck: isToCheck(line),
      deliveredUnits: deliveredUnitsOf(line.failureCode),
    })),
  );

type OrderPage = Awaited<ReturnType<AdminReportsRepo['listOrders']>>;
type OrderLine = { status: string; failureCode: string | null } & Pick<
  OrderPage['lines'][number],
  'phoneNumber' | 'quantity'
>;

/** An order as the back-office shows it (list and detail), with its recipients and item count. */
export function toAdminOrder(
  order: OrderPage['rows'][number]['order'],
  customer: AdminOrder['customer'],
  lines: readonly OrderLine[],
): AdminOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    shownStatus: shownStatusOf(order.status, lines),
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    totalMmk: order.totalMmk,
    email: order.email,
    customer,
    recipients: [...new Set(lines.flatMap((l) => (l.phoneNumber ? [l.phoneNumber] : [])))],
    itemCount: lines.reduce((n, l) => n + l.quantity, 0),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}

/** Orders as the back-office lists them. */
export const toAdminOrders = (rows: OrderPage['rows'], lines: OrderPage['lines']): AdminOrder[] =>
  rows.map(({ order, customer }) =>
    toAdminOrder(
      order,
      customer,
      lines.filter((l) => l.orderId === order.id),
    ),
  );

/** A customer's tier as support sees it (issue 31): the higher tiers are answered first. */
export const toAdminMembership = (membership: Membership): AdminMembership => ({
  tier: membership.currentTier.name,
  prioritySupport: hasPrioritySupport(membership.currentTier.name),
  discountPercent: membership.tierDiscountPercent,
});

type CustomerRow = Awaited<ReturnType<AdminReportsRepo['listCustomers']>>['rows'][number];

/** An account as the back-office lists it. */
export const toAdminCustomer = ({ user, orderCount, spentMmk }: CustomerRow): AdminCustomer => ({
  ...accountOf(user),
  orderCount,
  spentMmk,
  blocked: user.blockedAt !== null,
});

export function createAdminService(deps: {
  reports: AdminReportsRepo;
  /** Payments whose outcome is unknown (ADR 0059): the dashboard counts those unresolved. */
  unknownPayments: Pick<AdminPaymentsRepo, 'countUnresolved'>;
  audit: AuditService;
  products: ProductAdminService;
  promotions: PromotionsService;
  /** Checks the image addresses a product edit stores. */
  media: MediaService;
  clock: Clock;
}) {
  const { reports } = deps;

  /** Codes as the back-office shows them, their categories named. */
  async function toPromoCodes(rows: PromoCodeRow[], now: Date): Promise<AdminPromoCode[]> {
    const ids = [...new Set(rows.flatMap((r) => r.categoryIds ?? []))];
    const names = new Map((await reports.categoriesByIds(ids)).map((c) => [c.id, c.name]));
    return rows.map((row) => ({
      id: row.id,
      ...promoTerms(row),
      categories:
        row.categoryIds?.map((id) => ({ id, name: names.get(id) ?? { en: id, my: id } })) ?? null,
      active: row.active,
      state: promoStateAt(row, now),
      redeemedCount: row.redeemedCount,
      createdAt: row.createdAt.toISOString(),
    }));
  }
  const toPromoCode = async (row: PromoCodeRow): Promise<AdminPromoCode> => {
    const [code] = await toPromoCodes([row], deps.clock());
    if (!code) throw new Error('promo code not mapped');
    return code;
  };

  const toProduct = (
    row: ProductRow,
    extra: {
      category: AdminProduct['category'];
      operator: string | null;
      available: number | null;
    },
  ): AdminProduct => ({
    id: row.id,
    sku: row.sku,
    name: row.name,
    kind: row.kind,
    category: extra.category,
    operator: extra.operator,
    description: row.description,
    sortOrder: row.sortOrder,
    priceMmk: row.priceMmk,
    discountPriceMmk: row.discountPriceMmk,
    status: row.status,
    imageUrl: row.imageUrl,
    instructions: row.instructions,
    availableCards: extra.available,
    source: row.source,
    reloadlyProductId: row.reloadlyProductId,
    reloadlyUnitPrice: row.reloadlyUnitPrice,
    updatedAt: row.updatedAt.toISOString(),
  });

  async function productById(id: string): Promise<AdminProduct | undefined> {
    const { rows } = await reports.listProductById(id);
    const found = rows[0];
    return found && toProduct(found.product, found);
  }

  return {
    async dashboard(): Promise<Dashboard> {
      const now = deps.clock();
      const today = startOfYangonDay(now);
      const [
        today1,
        days7,
        days30,
        ordersByStatus,
        refundsPending,
        unconfirmed,
        unknown,
        low,
        expiring,
        failed,
      ] = await Promise.all([
        reports.sales(today),
        reports.sales(new Date(today.getTime() - 6 * DAY_MS)),
        reports.sales(new Date(today.getTime() - 29 * DAY_MS)),
        reports.ordersByStatus(),
        reports.refundsPending(),
        reports.unconfirmedTopups(),
        deps.unknownPayments.countUnresolved(),
        reports.lowStock(now, LOW_STOCK_THRESHOLD),
        reports.expiringCards(now, new Date(now.getTime() + EXPIRING_WITHIN_DAYS * DAY_MS)),
        reports.failedJobs(),
      ]);
      return {
        sales: { today: today1, days7, days30 },
        ordersByStatus,
        refundsPending,
        unconfirmedTopups: unconfirmed,
        unknownPayments: unknown,
        lowStock: low,
        expiringCards: expiring,
        failedJobs: failed,
      };
    },

    async orders(query: AdminOrderListQuery) {
      const { from, to } = dayRange(query.from, query.to);
      const { rows, lines, total } = await reports.listOrders({
        orderNumber: query.orderNumber,
        email: query.email,
        phone: query.phone && phoneSearch(query.phone),
        recipient: query.recipient && phoneSearch(query.recipient),
        status: query.status,
        from,
        to,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { data: toAdminOrders(rows, lines), meta: pageMeta(query, total) };
    },

    async products(query: AdminProductListQuery) {
      const { rows, total } = await reports.listProducts({
        q: query.q,
        status: query.status,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { data: rows.map((r) => toProduct(r.product, r)), meta: pageMeta(query, total) };
    },

    async customers(query: AdminCustomerListQuery) {
      const q = query.q && /^[\d\s\-()+]+$/.test(query.q) ? phoneSearch(query.q) : query.q;
      const { rows, total } = await reports.listCustomers({
        q,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { data: rows.map(toAdminCustomer), meta: pageMeta(query, total) };
    },

    /** A new product of any kind, audited with what it was created as (its kind's fields too). */
    async createProduct(input: AdminProductCreate, actor: AuditActor) {
      await deps.media.checkImageUrls({ imageUrl: input.imageUrl });
      const row = await deps.products.createProduct(input, (tx, id, after) =>
        deps.audit.record(tx, actor, {
          action: 'product.create',
          targetType: 'product',
          targetId: id,
          before: null,
          after,
        }),
      );
      const product = await productById(row.id);
      if (!product) throw new Error(`product ${row.id} not found after its creation`);
      return product;
    },

    /** Name, description, redeem instructions, operator, order, price, discount and state of a product, audited with before and after in its transaction. */
    async editProduct(id: string, patch: AdminProductPatch, actor: AuditActor) {
      await deps.media.checkImageUrls({ imageUrl: patch.imageUrl });
      await deps.products.editProduct(
        id,
        patch,
        deps.audit.edited(actor, { action: 'product.update', targetType: 'product', targetId: id }),
      );
      const product = await productById(id);
      if (!product) throw new Error(`product ${id} not found after its edit`);
      return product;
    },

    async promoCodes(query: AdminPromoListQuery) {
      const { rows, total, now } = await deps.promotions.listCodes({
        q: query.q,
        state: query.status,
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      });
      return { data: await toPromoCodes(rows, now), meta: pageMeta(query, total) };
    },

    /**
     * A new code, written by the promotions module with its audit record (`after`) in the same
     * transaction; categories that do not exist are a 400 and a code taken in any case a 409.
     */
    async createPromoCode(input: AdminPromoCreate, actor: AuditActor): Promise<AdminPromoCode> {
      if (input.categoryIds) {
        const found = await reports.categoriesByIds(input.categoryIds);
        if (found.length !== input.categoryIds.length)
          throw new AppError('VALIDATION_ERROR', adminMessages.promoUnknownCategory, {
            categoryIds: adminMessages.promoUnknownCategory,
          });
      }
      const row = await deps.promotions.createCode(
        {
          ...input,
          startsAt: input.startsAt === null ? null : new Date(input.startsAt),
          endsAt: input.endsAt === null ? null : new Date(input.endsAt),
        },
        (tx, created) =>
          deps.audit.record(tx, actor, {
            action: 'promo_code.create',
            targetType: 'promo_code',
            targetId: created.id,
            after: promoRecord(created),
          }),
      );
      return toPromoCode(row);
    },

    /** Switch on/off, end, total limit: audited with before and after in the edit's transaction. */
    async editPromoCode(
      id: string,
      patch: AdminPromoPatch,
      actor: AuditActor,
    ): Promise<AdminPromoCode> {
      const row = await deps.promotions.editCode(
        id,
        {
          active: patch.active,
          endsAt:
            patch.endsAt === undefined || patch.endsAt === null
              ? patch.endsAt
              : new Date(patch.endsAt),
          totalLimit: patch.totalLimit,
        },
        deps.audit.edited(actor, {
          action: 'promo_code.update',
          targetType: 'promo_code',
          targetId: id,
        }),
      );
      return toPromoCode(row);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
