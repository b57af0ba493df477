import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import { paymentStatuses } from '@shop/contracts/checkout';
import type { Language, LocalizedText } from '@shop/contracts/i18n';
import { orderStatuses } from '@shop/contracts/order-status';
import { users } from '../auth/auth.tables.ts';
import { productKind, products } from '../catalogue/catalogue.tables.ts';

export const orderStatus = pgEnum('order_status', orderStatuses);
/** Also refund_pending / refunded: a failed part is owed back or was given back (ADR 0020). */
export const orderPaymentStatus = pgEnum('order_payment_status', paymentStatuses);
export const paymentMethod = pgEnum('payment_method', ['mmqr', 'aplus', 'direct', 'points']);
export const orderItemStatus = pgEnum('order_item_status', ['pending', 'delivered', 'failed']);

/** Invoice numbers are consecutive (bookkeeping wants no gaps by design), unlike order numbers. */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });

/** Money in whole kyat (DESIGN §4). */
export const orders = pgTable(
  'orders',
  {
    id: primaryId(),
    /** Human-readable and random (not guessable in sequence): MT-YYMMDD-XXXXXXXX. */
    orderNumber: text('order_number').notNull(),
    userId: uuidRef('user_id', () => users.id),
    status: orderStatus('status').notNull().default('pending'),
    paymentStatus: orderPaymentStatus('payment_status').notNull().default('pending'),
    paymentMethod: paymentMethod('payment_method'),
    subtotalMmk: integer('subtotal_mmk').notNull(),
    discountMmk: integer('discount_mmk').notNull().default(0),
    /** The part of discountMmk that comes from the buyer's membership tier. */
    tierDiscountMmk: integer('tier_discount_mmk').notNull().default(0),
    /** The promo code applied at checkout, as the shop wrote it (issue 17), and its part of discountMmk. */
    promoCode: text('promo_code'),
    promoDiscountMmk: integer('promo_discount_mmk').notNull().default(0),
    serviceFeeMmk: integer('service_fee_mmk').notNull().default(0),
    totalMmk: integer('total_mmk').notNull(),
    /**
     * What makes a retried checkout the same order: `key:<Idempotency-Key header>`, or
     * `cart:<hash of the cart>:<time bucket>` (see checkout.service.ts). Unique per user.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the priced cart lines the order was made from. */
    cartFingerprint: text('cart_fingerprint').notNull(),
    /** Where the codes are emailed (given at checkout, else the account's email). */
    email: text('email'),
    /** Language of the checkout request: the codes email is written in it. */
    language: text('language').$type<Language>().notNull().default('my'),
    paidAt: moment('paid_at'),
    cancelledAt: moment('cancelled_at'),
    /** When fulfilment ended the order completed or failed. */
    completedAt: moment('completed_at'),
    /** INV-YYYY-NNNNNN, given when the invoice is first generated. */
    invoiceNumber: text('invoice_number'),
    invoicedAt: moment('invoiced_at'),
    /** Set by scratching a card, downloading the card list or generating the invoice (spec §4). */
    sharingDisabledAt: moment('sharing_disabled_at'),
    /**
     * The client network (IPv4 address or IPv6 /64) of the order's latest checkout: unpaid orders
     * from one network hold at most so many cards together (ADR 0043). Null for older orders.
     */
    clientNetwork: text('client_network'),
    /** When the order's latest checkout began: Pay Again holds its cards 2 windows past it at most. */
    holdStartedAt: moment('hold_started_at').notNull().defaultNow(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_invoice_number_key').on(t.invoiceNumber),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.updatedAt),
    index('orders_client_network_idx').on(t.clientNetwork, t.status),
    check('orders_amounts_whole', sql`${t.subtotalMmk} >= 0 and ${t.totalMmk} >= 0`),
  ],
);

/** The lines as bought: name, kind and prices copied at checkout so later catalogue edits do not rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: primaryId(),
    orderId: uuidRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    productId: uuidRef('product_id', () => products.id),
    kind: productKind('kind').notNull(),
    /** The product's code (SKU) at checkout; null for lines bought before it was kept. */
    sku: text('sku'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    quantity: integer('quantity').notNull(),
    listPriceMmk: integer('list_price_mmk').notNull(),
    unitPriceMmk: integer('unit_price_mmk').notNull(),
    lineTotalMmk: integer('line_total_mmk').notNull(),
    /** Top-up and data recipient (95 form) and its operator code; null for cards. */
    phoneNumber: text('phone_number'),
    operatorCode: text('operator_code'),
    /**
     * The "Top me up" request the line pays (ADR 0080), copied from the cart line at checkout; null
     * for a line bought for a number of the buyer's choosing. The buyer sees its number masked;
     * its delivery tops the request up. A plain column: the request lives in another room.
     */
    topupRequestId: text('topup_request_id'),
    /** E-load: kyat credited per unit (top-ups) or MB per unit (data), as sold. */
    topupAmountMmk: integer('topup_amount_mmk'),
    dataMb: integer('data_mb'),
    position: integer('position').notNull(),
    /** Fulfilment of the line (DESIGN §6.4); failureCode says why it failed. */
    status: orderItemStatus('status').notNull().default('pending'),
    failureCode: text('failure_code'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 20`),
  ],
);

/** The Happiness Meter: one answer per order (a second one replaces it). */
export const orderFeedback = pgTable(
  'order_feedback',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [check('order_feedback_rating_range', sql`${t.rating} between 1 and 5`)],
);
