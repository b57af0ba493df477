import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { moment, primaryId } from '../../platform/columns.ts';
import { products } from '../catalogue/catalogue.tables.ts';

/**
 * A shop top-up or data product mapped by the owner to what the aggregator sells (issue 28): one
 * operator and kyat amount of its catalogue. Each read of the catalogue brings the cost and FX up
 * to date and says whether the amount is still offered; a product whose mapping is no longer
 * offered is not sold (catalogue.repo's hasStock).
 */
export const topupProductMappings = pgTable(
  'topup_product_mappings',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    operatorId: integer('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    /** The kyat the operator delivers (a fixed amount, or one within its range). */
    localAmount: integer('local_amount').notNull(),
    /** What one costs at the last read, in `cost_currency` (the aggregator account's). */
    cost: doublePrecision('cost').notNull(),
    costCurrency: text('cost_currency').notNull(),
    /** The FX the aggregator quoted at the last read: kyat per unit of `cost_currency`. */
    fxRate: doublePrecision('fx_rate').notNull(),
    /** The amount was in the catalogue at the last read. */
    offered: boolean('offered').notNull().default(true),
    checkedAt: moment('checked_at').notNull(),
    mappedAt: moment('mapped_at').notNull().defaultNow(),
  },
  (t) => [
    check('topup_product_mappings_amount_positive', sql`${t.localAmount} > 0`),
    check('topup_product_mappings_fx_positive', sql`${t.fxRate} > 0`),
  ],
);

/**
 * One daily comparison of the shop's delivered top-ups with the aggregator's transaction report
 * (issue 28), per Yangon day: claimed by one instance (a claim older than its lease may be taken
 * over), `done` when its mismatches are stored.
 */
export const topupReconciliationRuns = pgTable('topup_reconciliation_runs', {
  /** The Yangon calendar day, YYYY-MM-DD. */
  day: text('day').primaryKey(),
  status: text('status').$type<'running' | 'done'>().notNull(),
  claimedAt: moment('claimed_at').notNull(),
  finishedAt: moment('finished_at'),
  /** Lines the shop delivered that day, transactions the aggregator reported, mismatches found. */
  ours: integer('ours').notNull().default(0),
  theirs: integer('theirs').notNull().default(0),
  mismatches: integer('mismatches').notNull().default(0),
});

/** A difference the day's comparison found, with both sides as each recorded it. */
export const topupReconciliationMismatches = pgTable(
  'topup_reconciliation_mismatches',
  {
    id: primaryId(),
    day: text('day')
      .notNull()
      .references(() => topupReconciliationRuns.day, { onDelete: 'cascade' }),
    kind: text('kind')
      .$type<'theirs_without_ours' | 'ours_without_theirs' | 'amount_differs'>()
      .notNull(),
    /** The shop's order line, when one is known (ours, or named by their customIdentifier). */
    orderItemId: uuid('order_item_id'),
    ours: jsonb('ours').$type<Record<string, unknown>>(),
    theirs: jsonb('theirs').$type<Record<string, unknown>[]>(),
  },
  (t) => [
    index('topup_reconciliation_mismatches_day_idx').on(t.day),
    check(
      'topup_reconciliation_mismatches_kind',
      sql`${t.kind} in ('theirs_without_ours', 'ours_without_theirs', 'amount_differs')`,
    ),
  ],
);
