import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@shop/contracts/i18n';
import { users } from '../auth/auth.tables.ts';
import { productKind, products } from '../catalogue/catalogue.tables.ts';

export const orderStatus = pgEnum('order_status', [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
]);
export const orderPaymentStatus = pgEnum('order_payment_status', [
  'pending',
  'paid',
  'failed',
  'expired',
  'cancelled',
]);
export const paymentMethod = pgEnum('payment_method', ['mmqr', 'aplus', 'direct', 'points']);

/** Money in whole kyat (DESIGN §4). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-readable and random (not guessable in sequence): MT-YYMMDD-XXXXXXXX. */
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: orderStatus('status').notNull().default('pending'),
    paymentStatus: orderPaymentStatus('payment_status').notNull().default('pending'),
    paymentMethod: paymentMethod('payment_method'),
    subtotalMmk: integer('subtotal_mmk').notNull(),
    discountMmk: integer('discount_mmk').notNull().default(0),
    serviceFeeMmk: integer('service_fee_mmk').notNull().default(0),
    totalMmk: integer('total_mmk').notNull(),
    /**
     * What makes a retried checkout the same order: `key:<Idempotency-Key header>`, or
     * `cart:<hash of the cart>:<time bucket>` (see checkout.service.ts). Unique per user.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    /** sha256 of the priced cart lines the order was made from. */
    cartFingerprint: text('cart_fingerprint').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_user_idempotency_key').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.updatedAt),
    check('orders_amounts_whole', sql`${t.subtotalMmk} >= 0 and ${t.totalMmk} >= 0`),
  ],
);

/** The lines as bought: name, kind and prices copied at checkout so later catalogue edits do not rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    kind: productKind('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    quantity: integer('quantity').notNull(),
    listPriceMmk: integer('list_price_mmk').notNull(),
    unitPriceMmk: integer('unit_price_mmk').notNull(),
    lineTotalMmk: integer('line_total_mmk').notNull(),
    /** Top-up and data recipient (95 form) and its operator code; null for cards. */
    phoneNumber: text('phone_number'),
    operatorCode: text('operator_code'),
    position: integer('position').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    check('order_items_quantity_range', sql`${t.quantity} between 1 and 20`),
  ],
);
