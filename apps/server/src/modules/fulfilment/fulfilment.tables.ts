import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, uuidRef } from '../../platform/columns.ts';
import { cards } from '../catalogue/catalogue.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';

/**
 * Cards delivered to an order line (DESIGN §6.4). The unique card id is the last line of defence:
 * whatever the locking does, one card can be given to one order line only, once.
 */
export const orderCards = pgTable(
  'order_cards',
  {
    id: primaryId(),
    orderId: uuidRef('order_id', () => orders.id),
    orderItemId: uuidRef('order_item_id', () => orderItems.id),
    cardId: uuidRef('card_id', () => cards.id),
    position: integer('position').notNull(),
    /** When the buyer revealed the PIN (scratch, or a card-list download). */
    scratchedAt: moment('scratched_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('order_cards_card_key').on(t.cardId),
    index('order_cards_item_idx').on(t.orderItemId, t.position),
    index('order_cards_order_idx').on(t.orderId),
  ],
);

export const topupRequestStatus = pgEnum('topup_request_status', ['sending', 'success', 'failed']);

/** What staff found when they checked a request the aggregator never answered (ADR 0036). */
export const topupResolution = pgEnum('topup_resolution', ['delivered', 'not_delivered']);

/**
 * One E-load request per attempt of a top-up or data line, written BEFORE the provider is called
 * and keyed by the order item id (attempt 1) or `<item id>:<attempt>` (a staff retry, ADR 0036):
 * after a crash the job sends the same key again, which the aggregator answers from its own
 * record instead of topping up twice. Every attempt keeps its row, so the timeline shows each.
 */
export const topupRequests = pgTable(
  'topup_requests',
  {
    id: primaryId(),
    orderItemId: uuidRef('order_item_id', () => orderItems.id),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').notNull(),
    status: topupRequestStatus('status').notNull().default('sending'),
    /** The aggregator's transaction reference and answer text. */
    reference: text('reference'),
    providerMessage: text('provider_message'),
    /** How many times the provider was called with this key (1 unless a call was retried). */
    calls: integer('calls').notNull().default(0),
    /** 1 for fulfilment's request; 2, 3… for each retry staff asked for. */
    attempt: integer('attempt').notNull().default(1),
    /** An unanswered request (line `unconfirmed`) as staff resolved it after asking the aggregator. */
    resolution: topupResolution('resolution'),
    resolvedAt: moment('resolved_at'),
    createdAt: createdAtNow(),
    completedAt: moment('completed_at'),
  },
  (t) => [
    uniqueIndex('topup_requests_item_attempt_key').on(t.orderItemId, t.attempt),
    uniqueIndex('topup_requests_idempotency_key').on(t.idempotencyKey),
  ],
);

/**
 * The simulator aggregator's own books (TOPUP_PROVIDER=simulator): what a real aggregator keeps on
 * its side. One row per idempotency key, so a repeated request is answered, not re-executed.
 */
export const topupSimulatorTransactions = pgTable('topup_simulator_transactions', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  reference: text('reference').notNull(),
  outcome: text('outcome').notNull(),
  message: text('message').notNull(),
  request: jsonb('request').$type<Record<string, unknown>>().notNull(),
  /** Times the request was received with this key. */
  received: integer('received').notNull().default(1),
  createdAt: createdAtNow(),
});
