import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import { orderPaymentStatus, orders, paymentMethod } from '../orders/orders.tables.ts';

/**
 * One payment attempt of an order at the acquirer: each QR (Pay Again makes a new one), each A+
 * request, each direct transfer. The order's paymentStatus follows its latest attempt.
 */
export const payments = pgTable(
  'payments',
  {
    id: primaryId(),
    orderId: uuidRef('order_id', () => orders.id),
    provider: text('provider').notNull(),
    method: paymentMethod('method').notNull(),
    /** Reference given to the acquirer (MM QR tag 62-05); the webhook names it. */
    reference: text('reference').notNull(),
    amountMmk: integer('amount_mmk').notNull(),
    status: orderPaymentStatus('status').notNull().default('pending'),
    /** What the customer is shown again: the MM QR payload, the A+ token or the page to pay on. */
    payload: text('payload').notNull(),
    expiresAt: moment('expires_at').notNull(),
    paidAt: moment('paid_at'),
    /**
     * Money arrived that the order cannot use (paid after cancel or expiry, a second payment, a
     * wrong amount): recorded, never lost, and left for a refund.
     */
    refundRequired: boolean('refund_required').notNull().default(false),
    refundReason: text('refund_reason'),
    /** Kyat to give back: the whole amount, or the failed part of a partly delivered order. */
    refundAmountMmk: integer('refund_amount_mmk'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.reference),
    index('payments_order_idx').on(t.orderId, t.createdAt),
    index('payments_status_expiry_idx').on(t.status, t.expiresAt),
  ],
);

/**
 * What the shop did with money a webhook reported (ADR 0017): applied to the order, or kept for a
 * refund (a second payment of a QR, a wrong amount, the part above the price, a payment after
 * cancel or expiry). A refused payment is recorded too, with 0 kyat received.
 */
export const receiptOutcomes = [
  'applied',
  'overpaid',
  'duplicate',
  'wrong_amount',
  'after_cancel',
  'after_expiry',
  'declined',
  /** Paid in time, but the cards held for the order were released and others took them. */
  'sold_out',
  /**
   * The provider's own word on a payment staff had marked paid from its merchant portal (ADR
   * 0059): the same money, already applied; nothing due back.
   */
  'confirmed',
] as const;
export type ReceiptOutcome = (typeof receiptOutcomes)[number];

/** Every webhook delivery accepted; the unique event id makes replays and duplicates no-ops. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: primaryId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** What the shop did with it: applied, late_payment, duplicate_payment, unknown_payment, ... */
    outcome: text('outcome').notNull(),
    body: jsonb('body').notNull(),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId)],
);

/** One row per webhook that reported money (or a refusal) for a payment: every kyat received. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: primaryId(),
    /** The delivery that reported it (one receipt per event). */
    eventId: uuidRef('event_id', () => paymentEvents.id),
    paymentId: uuidRef('payment_id', () => payments.id),
    orderId: uuidRef('order_id', () => orders.id),
    /** What the acquirer says it received, in `currency` (0 for a refused payment). */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: receiptOutcomes }).notNull(),
    refundRequired: boolean('refund_required').notNull().default(false),
    /** What is due back: all of it, or the part above the price (overpaid), else 0. */
    refundAmount: integer('refund_amount').notNull().default(0),
    receivedAt: moment('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_receipts_event_key').on(t.eventId),
    index('payment_receipts_order_idx').on(t.orderId),
    index('payment_receipts_payment_idx').on(t.paymentId),
  ],
);
