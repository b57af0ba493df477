import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { OperatorCode } from '@shop/contracts/phone';
import { createdAtNow, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
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
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    operatorCode: text('operator_code').$type<OperatorCode>().notNull(),
    usualProductId: uuid('usual_product_id').references(() => products.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    unique('saved_recipients_user_phone_key').on(t.userId, t.phoneNumber),
    index('saved_recipients_user_idx').on(t.userId, t.createdAt),
  ],
);
