import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';
import { orders } from '../orders/orders.tables.ts';

/**
 * A member's points: `balance` can be spent, `lifetimeEarned` decides the tier. Updated only
 * together with a ledger row; the CHECK makes a balance below zero impossible whatever the code.
 */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: integer('balance').notNull().default(0),
    lifetimeEarned: integer('lifetime_earned').notNull().default(0),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    check('loyalty_accounts_balance_positive', sql`${t.balance} >= 0`),
    check('loyalty_accounts_lifetime_positive', sql`${t.lifetimeEarned} >= 0`),
  ],
);

/**
 * earn: a completed order; redeem: an order paid by points; refund: points of a failed part back
 * (or, for an order paid in money, its refund given as points by staff: issue 17);
 * refund_checked: points of unconfirmed top-ups back once support checked them (ADR 0020).
 */
export const loyaltyEntryKind = pgEnum('loyalty_entry_kind', [
  'earn',
  'redeem',
  'refund',
  'refund_checked',
  /** A staff member's correction (issue 17): no order, a reason, who made it. */
  'adjustment',
]);

/**
 * Every change of a balance. Unique per (order, kind): an order spends and refunds once. Earning
 * is the exception (ADR 0051): a partly delivered order earns for its delivered part, and again
 * for a line delivered later (a staff retry, an unconfirmed top-up found delivered), each entry
 * what the order's delivered part earns beyond the entries before it.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: primaryId(),
    userId: uuidRef('user_id', () => users.id),
    /** The order of an earn, redeem or refund; null for a staff adjustment. */
    orderId: uuid('order_id').references(() => orders.id),
    kind: loyaltyEntryKind('kind').notNull(),
    /** An adjustment's reason, as the staff member gave it. */
    reason: text('reason'),
    /** The staff member who made an adjustment. */
    actorId: uuid('actor_id').references(() => users.id),
    /** Signed: positive for earn and refund, negative for redeem. */
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /**
     * An earn entry's multiplier: the bonus days' (ADR 0081) the order was paid in, else 1. A later
     * earn entry of the order (ADR 0051) takes the first one's, whatever the windows are then.
     */
    multiplier: integer('multiplier').notNull().default(1),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('loyalty_ledger_order_kind_key')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} <> 'earn'`),
    index('loyalty_ledger_user_idx').on(t.userId, t.createdAt),
    // Only an adjustment goes without an order, and it always says why. Compared as text: a
    // migration may not use an enum value it adds in the same transaction.
    check(
      'loyalty_ledger_adjustment_shape',
      sql`case when ${t.kind}::text = 'adjustment' then ${t.orderId} is null and ${t.reason} is not null else ${t.orderId} is not null end`,
    ),
  ],
);

/**
 * Bonus-point days (issue 31, ADR 0081): the owner's windows, Yangon dates inclusive, in which a
 * paid order earns its points multiplied. No two overlap (the service checks under a lock).
 */
export const loyaltyBonusDays = pgTable(
  'loyalty_bonus_days',
  {
    id: primaryId(),
    nameEn: text('name_en').notNull(),
    nameMy: text('name_my').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    multiplier: integer('multiplier').notNull(),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    check('loyalty_bonus_days_dates', sql`${t.endsOn} >= ${t.startsOn}`),
    check('loyalty_bonus_days_multiplier', sql`${t.multiplier} between 2 and 5`),
    index('loyalty_bonus_days_start_idx').on(t.startsOn),
  ],
);
