import { refundDestinations, refundStatuses } from '@shop/contracts/orders';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import { orders } from '../orders/orders.tables.ts';
import { paymentReceipts, payments } from '../payments/payments.tables.ts';

/** Where the money of a failed part goes back: the points it was paid with, or the payer's bank. */
export const refundDestination = pgEnum('refund_destination', refundDestinations);
export const refundStatus = pgEnum('refund_status', refundStatuses);

/**
 * What a paid order that failed (wholly or partly) owes its buyer, one row per order (ADR 0020),
 * written in the fulfilment transaction that ends the order. Points go back at once (refunded);
 * a bank refund, or anything behind an unconfirmed top-up, waits for support (`refund:done`).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: primaryId(),
    orderId: uuidRef('order_id', () => orders.id),
    destination: refundDestination('destination').notNull(),
    status: refundStatus('status').notNull().default('refund_pending'),
    /** Kyat of the failed lines (discounts shared out in proportion). */
    amountMmk: integer('amount_mmk').notNull(),
    /** Points orders: the points due back in all; null for bank refunds. */
    points: integer('points'),
    /** Points already given back (the settled lines at once; the rest when support marks it). */
    pointsReturned: integer('points_returned').notNull().default(0),
    /** Only a part of the order failed (the rest was delivered). */
    partial: boolean('partial').notNull().default(false),
    /** The bank's or support's reference of the payout, when done by hand. */
    reference: text('reference'),
    createdAt: createdAtNow(),
    refundedAt: moment('refunded_at'),
  },
  (t) => [
    uniqueIndex('order_refunds_order_key').on(t.orderId),
    index('order_refunds_status_idx').on(t.status, t.createdAt),
    check('order_refunds_amount', sql`${t.amountMmk} >= 0`),
    check(
      'order_refunds_done_whole',
      sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null)`,
    ),
  ],
);

/**
 * Where a refund sent to the payment's provider stands (ADR 0060): being sent (or to send again
 * after no answer), accepted and not finished, done, refused, or answered without proof.
 */
export const providerRefundStatus = pgEnum('provider_refund_status', [
  'sending',
  'pending',
  'refunded',
  'refused',
  'unknown',
]);

/**
 * A refund sent to the provider that collected the money (ADR 0060), at most one per refund
 * owed: an order's bank refund (order_refunds, ADR 0020) or money a receipt flagged that the order
 * could not use (ADR 0017). Written with the flag, in its transaction, when the provider has a
 * refund API; `request_no` is the provider's idempotency key (KBZ refund_request_no), the same on
 * every retry. Refused or unknown, the refund stays for support, with `message` saying why.
 */
export const providerRefunds = pgTable(
  'provider_refunds',
  {
    id: primaryId(),
    /** What the provider keys the refund by: [a-z0-9]{32}. */
    requestNo: text('request_no').notNull(),
    provider: text('provider').notNull(),
    paymentId: uuidRef('payment_id', () => payments.id),
    orderId: uuidRef('order_id', () => orders.id),
    orderRefundId: uuid('order_refund_id').references(() => orderRefunds.id),
    receiptId: uuid('receipt_id').references(() => paymentReceipts.id),
    amountMmk: integer('amount_mmk').notNull(),
    /** Sent to the provider with the refund (KBZ refund_reason). */
    reason: text('reason').notNull(),
    status: providerRefundStatus('status').notNull().default('sending'),
    /** The provider's id of the refund (KBZ refund_order_id). */
    providerRef: text('provider_ref'),
    /** Why it was refused or is unknown, for support. */
    message: text('message'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
    /** When its outcome (refunded, refused, unknown) was recorded. */
    completedAt: moment('completed_at'),
  },
  (t) => [
    uniqueIndex('provider_refunds_request_no_key').on(t.requestNo),
    uniqueIndex('provider_refunds_order_refund_key').on(t.orderRefundId),
    uniqueIndex('provider_refunds_receipt_key').on(t.receiptId),
    index('provider_refunds_order_idx').on(t.orderId),
    check(
      'provider_refunds_one_source',
      sql`(${t.orderRefundId} is null) <> (${t.receiptId} is null)`,
    ),
    check('provider_refunds_amount', sql`${t.amountMmk} > 0`),
  ],
);
