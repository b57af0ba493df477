import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderPaymentStatus, orders, paymentMethod } from '../orders/orders.tables.ts';

/**
 * One payment attempt of an order at the acquirer: each QR (Pay Again makes a new one), each A+
 * request, each direct transfer. The order's paymentStatus follows its latest attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    method: paymentMethod('method').notNull(),
    /** Reference given to the acquirer (MM QR tag 62-05); the webhook names it. */
    reference: text('reference').notNull(),
    amountMmk: integer('amount_mmk').notNull(),
    status: orderPaymentStatus('status').notNull().default('pending'),
    /** MM QR payload, or the A+/direct request token. */
    payload: text('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * Money arrived that the order cannot use (paid after cancel or expiry, a second payment, a
     * wrong amount): recorded, never lost, and left for a refund.
     */
    refundRequired: boolean('refund_required').notNull().default(false),
    refundReason: text('refund_reason'),
    /** Kyat to give back: the whole amount, or the failed part of a partly delivered order. */
    refundAmountMmk: integer('refund_amount_mmk'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.reference),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_status_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/** Every webhook delivery accepted; the unique event id makes replays and duplicates no-ops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** What the shop did with it: applied, late_payment, duplicate_payment, unknown_payment, ... */
    outcome: text('outcome').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);
