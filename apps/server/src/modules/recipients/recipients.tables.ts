import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { OperatorCode } from '@shop/contracts/phone';
import { users } from '../auth/auth.tables.ts';
import { products } from '../catalogue/catalogue.tables.ts';

/**
 * A customer's saved recipient (issue 31): a name, a number (95 form, one row per number and
 * account), its operator and the usual product. Deleted with the account; the usual product is
 * forgotten when the product is deleted.
 */
export const savedRecipients = pgTable(
  'saved_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    operatorCode: text('operator_code').$type<OperatorCode>().notNull(),
    usualProductId: uuid('usual_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('saved_recipients_user_phone_key').on(t.userId, t.phoneNumber),
    index('saved_recipients_user_idx').on(t.userId, t.createdAt),
  ],
);
