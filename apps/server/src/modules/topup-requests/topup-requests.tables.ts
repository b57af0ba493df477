import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@shop/contracts/i18n';
import type { OperatorCode } from '@shop/contracts/phone';
import { createdAtNow, moment, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/**
 * "Top me up" request links (issue 31, ADR 0080). The id is the link's secret: 192 random bits,
 * base64url (DESIGN §5). `status` is what happened to it (open, topped_up, cancelled); an open
 * one past `expires_at` reads as expired. Deleted with the account or the product.
 */
export const topMeUpRequests = pgTable(
  'top_me_up_requests',
  {
    id: text('id').primaryKey(),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    /** The requester's number, 95 form. Never sent to whoever opens the link. */
    phoneNumber: text('phone_number').notNull(),
    operatorCode: text('operator_code').$type<OperatorCode>().notNull(),
    productId: uuidRef('product_id', () => products.id, { onDelete: 'cascade' }),
    /** The screened note: Zawgyi turned into Unicode, NFC, trimmed ('' for none). */
    note: text('note').notNull(),
    /** The requester's language when made: what they are told in when it arrives. */
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<'open' | 'topped_up' | 'cancelled'>().notNull(),
    createdAt: createdAtNow(),
    expiresAt: moment('expires_at').notNull(),
    cancelledAt: moment('cancelled_at'),
    toppedUpAt: moment('topped_up_at'),
    /** The order whose delivered line topped the number up. */
    toppedUpOrderId: uuid('topped_up_order_id').references(() => orders.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('top_me_up_requests_user_idx').on(t.userId, t.createdAt),
    index('top_me_up_requests_phone_idx').on(t.phoneNumber, t.productId, t.status),
  ],
);

/**
 * Who put a request's product in their cart from its link ("Pay for this top-up"): a delivered
 * order line of that account, of the product to the number, is the request's top-up.
 */
export const topMeUpPayers = pgTable(
  'top_me_up_payers',
  {
    requestId: text('request_id')
      .notNull()
      .references(() => topMeUpRequests.id, { onDelete: 'cascade' }),
    userId: uuidRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtNow(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.userId] }),
    index('top_me_up_payers_user_idx').on(t.userId),
  ],
);
