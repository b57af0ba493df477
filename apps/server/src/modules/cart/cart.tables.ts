import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAtNow, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import type { LocalizedText } from '@shop/contracts/i18n';
import { productKind, products } from '../catalogue/catalogue.tables.ts';

/**
 * One line per product, recipient and paid "Top me up" request per cart (issue 26, ADR 0080): a top-up for Mum's number and the same
 * top-up for Dad's are two lines, never one line of 2 for the second number. Lines without a
 * recipient (cards, or a top-up whose number is not given yet) are one per product. The owner is `user:<uuid>` for a signed-in customer or
 * `guest:<gid>` for a guest (shopping spec §4: a guest cart by guest id, a user's by bearer).
 * Prices are never stored here: every answer reads them from the catalogue.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: primaryId(),
    owner: text('owner').notNull(),
    productId: uuidRef('product_id', () => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    kind: productKind('kind').notNull(),
    /** Recipient of a top-up or data product, 95 form; null until given. */
    phoneNumber: text('phone_number'),
    /**
     * The "Top me up" request this line pays (ADR 0080), or null: its number is the requester's,
     * shown masked to the payer and never changed. A plain column: the request lives in another
     * room. Part of the line's identity: the same product for the same number bought for oneself
     * and through a request are two lines.
     */
    topupRequestId: text('topup_request_id'),
    /** Kind, name and image when added, so a line whose product was withdrawn can still be shown. */
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    unique('cart_items_owner_product_phone_request_key')
      .on(t.owner, t.productId, t.phoneNumber, t.topupRequestId)
      .nullsNotDistinct(),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 20`),
  ],
);
