import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
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
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    mappedAt: timestamp('mapped_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('topup_product_mappings_amount_positive', sql`${t.localAmount} > 0`),
    check('topup_product_mappings_fx_positive', sql`${t.fxRate} > 0`),
  ],
);
