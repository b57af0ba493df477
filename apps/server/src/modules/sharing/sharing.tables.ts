import type { ShareStyle } from '@shop/contracts/sharing';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { orderCards } from '../fulfilment/fulfilment.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/**
 * Gift links of completed orders (shopping spec §4 "Share link"). The id is the link's secret:
 * 192 random bits, base64url (DESIGN §5: public ids that grant access carry ≥ 128 random bits).
 * At most one live link per order; a disabled or expired one stays as history.
 */
export const shares = pgTable(
  'shares',
  {
    id: text('id').primaryKey(),
    orderId: uuidRef('order_id', () => orders.id),
    userId: uuidRef('user_id', () => users.id),
    /** A built-in type's key or the title of one of the buyer's own types. */
    type: text('type').notNull(),
    /** The type's style when the link was made (a custom type may be deleted later). */
    style: jsonb('style').$type<ShareStyle>().notNull(),
    /** The screened note: Zawgyi turned into Unicode, NFC, trimmed. */
    note: text('note').notNull(),
    createdAt: createdAtNow(),
    expiresAt: moment('expires_at').notNull(),
    /** Set by DELETE …/share, or when a newer link replaces an expired one. */
    disabledAt: moment('disabled_at'),
  },
  (t) => [
    // The last line of defence against two live links for one order (concurrent shares).
    uniqueIndex('shares_one_live_per_order')
      .on(t.orderId)
      .where(sql`${t.disabledAt} is null`),
  ],
);

/** When the holder of a link first revealed a card (the buyer's order page shows it). */
export const shareReveals = pgTable(
  'share_reveals',
  {
    orderCardId: uuidRef('order_card_id', () => orderCards.id),
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id),
    revealedAt: moment('revealed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.shareId, t.orderCardId] }),
    index('share_reveals_card_idx').on(t.orderCardId),
  ],
);

/** A buyer's own share types (at most SHARE_TYPES_MAX, spec §5). */
export const shareTypes = pgTable(
  'share_types',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id),
    title: text('title').notNull(),
    style: jsonb('style').$type<ShareStyle>().notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [uniqueIndex('share_types_user_title_key').on(t.userId, sql`lower(${t.title})`)],
);

/** Each "AI style" a user asked for: the daily limit counts them (GET …/ai-limit-status). */
export const shareStyleGenerations = pgTable(
  'share_style_generations',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id),
    title: text('title').notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [index('share_style_generations_user_idx').on(t.userId, t.createdAt)],
);
