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
import { createdAtNow, moment, primaryId, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/** percent: `value` % off the eligible lines; fixed: `value` kyat off them (issue 17). */
export const promoKind = pgEnum('promo_kind', ['percent', 'fixed']);

/**
 * Promo codes (issue 17, ADR 0035). `code` is stored in upper case (issue 26: the CHECK below;
 * typed in any case, found in any case) and unique whatever its letter case;
 * `redeemedCount` counts the redemptions that hold the code now (given back when their order is
 * cancelled or abandoned unpaid) and is only ever changed by a conditional UPDATE in the checkout's
 * transaction, so the CHECK below can never be passed however many checkouts race.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: primaryId(),
    code: text('code').notNull(),
    kind: promoKind('kind').notNull(),
    /** Percent (1–100) or whole kyat. */
    value: integer('value').notNull(),
    /** The eligible lines must cost at least this much (kyat, after sale prices). */
    minimumSpendMmk: integer('minimum_spend_mmk').notNull().default(0),
    startsAt: moment('starts_at'),
    endsAt: moment('ends_at'),
    /** Orders that may hold the code at once (null: no limit). */
    totalLimit: integer('total_limit'),
    /** Orders one customer may hold it on (null: no limit). */
    perCustomerLimit: integer('per_customer_limit'),
    /** Only lines of these categories get the discount (null: every line). */
    categoryIds: uuid('category_ids').array(),
    active: boolean('active').notNull().default(true),
    redeemedCount: integer('redeemed_count').notNull().default(0),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`upper(${t.code})`),
    check('promo_codes_code_upper', sql`${t.code} = upper(${t.code})`),
    check('promo_codes_value_positive', sql`${t.value} > 0`),
    check('promo_codes_percent_at_most_100', sql`${t.kind} <> 'percent' or ${t.value} <= 100`),
    check('promo_codes_minimum_spend', sql`${t.minimumSpendMmk} >= 0`),
    check(
      'promo_codes_redeemed_within_limit',
      sql`${t.redeemedCount} >= 0 and (${t.totalLimit} is null or ${t.redeemedCount} <= ${t.totalLimit})`,
    ),
  ],
);

/** One row per order that used a code; `releasedAt` set when the order ended unpaid. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: primaryId(),
    promoCodeId: uuidRef('promo_code_id', () => promoCodes.id),
    orderId: uuidRef('order_id', () => orders.id, { onDelete: 'cascade' }),
    userId: uuidRef('user_id', () => users.id),
    discountMmk: integer('discount_mmk').notNull(),
    createdAt: createdAtNow(),
    releasedAt: moment('released_at'),
  },
  (t) => [
    uniqueIndex('promo_redemptions_order_key').on(t.orderId),
    index('promo_redemptions_code_user_idx').on(t.promoCodeId, t.userId),
  ],
);
