import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '@shop/contracts/i18n';
import type { OperatorCode } from '@shop/contracts/phone';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
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
    /**
     * "Remind me to top up" (issue 31, ADR 0079): every so many days (7, 14, 30), null when off.
     * `remindNextAt` is when the next one is due (null when off or stopped).
     */
    remindEveryDays: integer('remind_every_days'),
    remindNextAt: moment('remind_next_at'),
    /** The language the customer turned them on in: the e-mail's (a push is each device's). */
    remindLanguage: text('remind_language').$type<Language>(),
    /** When the last reminder was sent (its job's key), null before the first. */
    remindSentAt: moment('remind_sent_at'),
    /**
     * The last paid order to the number as of that send (its creation time), null if none: a paid
     * order newer than it answers the reminder (no clock of ours compared with an order's).
     */
    remindPaidMark: moment('remind_paid_mark'),
    /** Reminders in a row that no paid order to the number followed. */
    remindIgnored: integer('remind_ignored').notNull().default(0),
    /** When they turned themselves off after too many ignored in a row; cleared by turning on. */
    remindStoppedAt: moment('remind_stopped_at'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    unique('saved_recipients_user_phone_key').on(t.userId, t.phoneNumber),
    index('saved_recipients_user_idx').on(t.userId, t.createdAt),
    // The sweep's question, "which are due": only rows whose reminders are on are in it.
    index('saved_recipients_remind_due_idx')
      .on(t.remindNextAt)
      .where(sql`${t.remindNextAt} is not null`),
    check(
      'saved_recipients_remind_every_days',
      sql`${t.remindEveryDays} is null or ${t.remindEveryDays} in (7, 14, 30)`,
    ),
  ],
);
