import { randomBytes } from 'node:crypto';
import type { OrderItem, OrderSummary, PaymentMethodId } from '@shop/contracts/checkout';
import type { Language } from '@shop/contracts/i18n';
import { shownRecipient, type OperatorCode } from '@shop/contracts/phone';
import { yangonDay, type Clock } from '../../platform/clock.ts';
import { isUniqueViolation, type Db } from '../../platform/db.ts';
import {
  createOrdersRepo,
  isOpenOrder,
  type NewOrderItem,
  type OrderWithItems,
  type OrdersRepo,
} from './orders.repo.ts';

/** The stored order shapes other modules may read (the module's public types). */
export type {
  NewOrderItem,
  OrderFeedbackRow,
  OrderItemRow,
  OrderRow,
  OrderWithItems,
} from './orders.repo.ts';

/**
 * What other modules may do to orders, on the database or inside their own transaction (issue 30:
 * they pass the transaction and get these operations, never the repo): read and lock an order,
 * move it or one of its lines, start its card hold, end its lapsed payments.
 */
export type OrderRecords = Pick<
  OrdersRepo,
  | 'inTransaction'
  | 'findOrder'
  | 'lockOrder'
  | 'lockOrders'
  | 'updateOrder'
  | 'setItemStatus'
  | 'restateItem'
  | 'startHold'
  | 'markPaymentsExpired'
  | 'failAbandoned'
  | 'setEmail'
  | 'ownerOf'
  | 'orderOfItem'
  | 'itemsByIds'
  | 'idOf'
  | 'lockUserCheckout'
>;
export const orderRecords = (db: Db): OrderRecords => createOrdersRepo(db);

/**
 * What the buyer's order history (the order-history module) reads and writes of orders: the
 * buyer's list and one order, the Happiness Meter, the invoice number, sharing turned off.
 */
export type OrderHistoryRecords = Pick<
  OrdersRepo,
  | 'findOrder'
  | 'listForUser'
  | 'feedbackOf'
  | 'saveFeedback'
  | 'assignInvoiceNumber'
  | 'disableSharing'
  | 'countByStatus'
>;
export const orderHistoryRecords = (db: Db): OrderHistoryRecords => createOrdersRepo(db);
/** What saved recipients (the recipients module) read of orders: the last paid line to a number. */
export type RecipientOrderRecords = Pick<OrdersRepo, 'lastPaidLinesTo'>;
export const recipientOrderRecords = (db: Db): RecipientOrderRecords => createOrdersRepo(db);

/** Crockford base32: no I, L, O, U, so an order number read over the phone is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function randomBase32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += CROCKFORD.charAt(b & 31);
  return out;
}

/**
 * MT-YYMMDD-XXXXXXXX: the Yangon date (what the customer sees on the receipt) and 40 random bits,
 * so numbers are short to read out but cannot be guessed from a neighbour's (DESIGN §4).
 */
export function newOrderNumber(now: Date): string {
  const date = yangonDay(now).slice(2).replaceAll('-', '');
  return `MT-${date}-${randomBase32(8)}`;
}

export function toOrderSummary({ order, items }: OrderWithItems, lang: Language): OrderSummary {
  const lines: OrderItem[] = items.map((i) => ({
    productId: i.productId,
    name: i.name[lang],
    _nameMultilingual: i.name,
    type: i.kind,
    quantity: i.quantity,
    price: i.listPriceMmk,
    unitPrice: i.unitPriceMmk,
    lineTotal: i.lineTotalMmk,
    // A request's number is the requester's: the buyer sees it masked (ADR 0080).
    ...shownRecipient(i),
    operator: (i.operatorCode as OperatorCode | null) ?? null,
  }));
  return {
    orderId: order.id,
    sessionId: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    items: lines,
    totalItems: lines.reduce((n, l) => n + l.quantity, 0),
    subtotal: order.subtotalMmk,
    discount: order.discountMmk,
    serviceFee: order.serviceFeeMmk,
    deliveryFee: 0,
    tax: 0,
    total: order.totalMmk,
    currency: 'MMK',
    createdAt: order.createdAt.toISOString(),
    tierDiscount: order.tierDiscountMmk,
    promoCode: order.promoCode,
    promoDiscount: order.promoDiscountMmk,
    email: order.email,
  };
}

export interface OrderDraft {
  userId: string;
  items: NewOrderItem[];
  subtotalMmk: number;
  discountMmk: number;
  tierDiscountMmk: number;
  /** The promo code applied (as the shop wrote it) and the kyat it takes off; null and 0 without. */
  promoCode: string | null;
  promoDiscountMmk: number;
  serviceFeeMmk: number;
  totalMmk: number;
  cartFingerprint: string;
  email: string;
  language: Language;
}

/** The orders module's service on `db` (it builds its own repo). */
export function createOrdersService(db: Db, clock: Clock) {
  const repo = createOrdersRepo(db);
  return {
    /**
     * One open order per cart (ADR 0022). Checkouts of one user are serialised by an advisory
     * lock; then, in one transaction:
     * - an Idempotency-Key already used answers its order (a retry of that attempt);
     * - the user's open orders (waiting for money) are locked; one made from the same cart (same
     *   lines, prices, recipients and total) is reused, however long ago it was made, with the
     *   codes address of this checkout (ADR 0050); the
     *   others were made from a cart that has changed since and are `supersede`d (cancelled, their
     *   cards released) before anything is held, so the new order can take those cards;
     * - else a new order is inserted.
     * `hold` runs for the order answered while it is open (cards held for the payment window); a
     * throw there rolls everything back. `created` runs for a newly inserted order only (its promo
     * code is redeemed there, after the replaced orders gave theirs back). Opening the checkout again and again therefore leaves
     * at most one pending order, and never holds the same cards twice.
     */
    async createOrder(
      draft: OrderDraft,
      idempotencyKey: string | null,
      hooks: {
        hold: (tx: Db, order: OrderWithItems) => Promise<void>;
        supersede: (tx: Db, orderIds: string[]) => Promise<void>;
        created?: (tx: Db, order: OrderWithItems) => Promise<void>;
      },
    ): Promise<{ order: OrderWithItems; created: boolean; superseded: string[] }> {
      const attempt = () =>
        repo.inTransaction(async (tx) => {
          const orders = createOrdersRepo(tx);
          await orders.lockUserCheckout(draft.userId);
          if (idempotencyKey !== null) {
            const existing = await orders.findByIdempotencyKey(
              draft.userId,
              `key:${idempotencyKey}`,
            );
            if (existing) {
              if (isOpenOrder(existing.order)) await hooks.hold(tx, existing);
              return { order: existing, created: false, superseded: [] };
            }
          }
          const open = await orders.lockOpenOrders(draft.userId);
          const same = open.find((o) => o.cartFingerprint === draft.cartFingerprint);
          const superseded = open.filter((o) => o !== same).map((o) => o.id);
          if (superseded.length > 0) await hooks.supersede(tx, superseded);
          if (same) {
            // The codes address is not part of the cart (ADR 0050): a new one changes the open
            // order's, so changing it at checkout keeps the order and its number.
            if (same.email !== draft.email) await orders.setEmail(same.id, draft.email);
            const reused = await orders.findOrder(same.id);
            if (!reused) throw new Error('locked order vanished');
            await hooks.hold(tx, reused);
            return { order: reused, created: false, superseded };
          }
          const now = clock();
          const order = await orders.insertOrder(
            {
              orderNumber: newOrderNumber(now),
              userId: draft.userId,
              subtotalMmk: draft.subtotalMmk,
              discountMmk: draft.discountMmk,
              tierDiscountMmk: draft.tierDiscountMmk,
              promoCode: draft.promoCode,
              promoDiscountMmk: draft.promoDiscountMmk,
              email: draft.email,
              language: draft.language,
              serviceFeeMmk: draft.serviceFeeMmk,
              totalMmk: draft.totalMmk,
              idempotencyKey:
                idempotencyKey !== null
                  ? `key:${idempotencyKey}`
                  : `cart:${draft.cartFingerprint}:${randomBase32(10)}`,
              cartFingerprint: draft.cartFingerprint,
              createdAt: now,
              updatedAt: now,
            },
            draft.items,
          );
          if (hooks.created) await hooks.created(tx, order);
          await hooks.hold(tx, order);
          return { order, created: true, superseded };
        });
      try {
        return await attempt();
      } catch (err) {
        // A key that raced past the lock (or an order-number collision): read the winner.
        if (isUniqueViolation(err)) return attempt();
        throw err;
      }
    },

    /** Ids of the user's open orders (waiting for money). */
    async openOrderIds(userId: string): Promise<string[]> {
      return repo.openOrderIds(userId);
    },

    async findOrder(orderId: string): Promise<OrderWithItems | null> {
      return repo.findOrder(orderId);
    },

    async setPaymentMethod(orderId: string, method: PaymentMethodId): Promise<void> {
      await repo.updateOrder(orderId, { paymentMethod: method });
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
