import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@shop/contracts/i18n';
import { productKind, products } from '../catalogue/catalogue.tables.ts';

/**
 * One line per product per cart. The owner is `user:<uuid>` for a signed-in customer or
 * `guest:<gid>` for a guest (shopping spec §4: a guest cart by guest id, a user's by bearer).
 * Prices are never stored here: every answer reads them from the catalogue.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    kind: productKind('kind').notNull(),
    /** Recipient of a top-up or data product, 95 form; null until given. */
    phoneNumber: text('phone_number'),
    /** Kind, name and image when added, so a line whose product was withdrawn can still be shown. */
    name: jsonb('name').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_owner_product_key').on(t.owner, t.productId),
    check('cart_items_quantity_range', sql`${t.quantity} between 1 and 20`),
  ],
);
