import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/orders.tables.ts';

/** Where the money of a failed part goes back: the points it was paid with, or the payer's bank. */
export const refundDestination = pgEnum('refund_destination', ['points', 'bank']);
export const refundStatus = pgEnum('refund_status', ['refund_pending', 'refunded']);

/**
 * What a paid order that failed (wholly or partly) owes its buyer, one row per order (ADR 0020),
 * written in the fulfilment transaction that ends the order. Points go back at once (refunded);
 * a bank refund, or anything behind an unconfirmed top-up, waits for support (`refund:done`).
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
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
