import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { exchangeRates } from './catalogue.tables.ts';

export type ExchangeRateAdminRow = typeof exchangeRates.$inferSelect;

/** The back-office's writes to the exchange rates (issue 17). */
export function createExchangeRatesAdminRepo(db: Db) {
  return {
    list: (): Promise<ExchangeRateAdminRow[]> =>
      db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency)),

    /** Every rate, locked until the transaction ends, so two edits cannot interleave. */
    lockAll: (tx: Tx): Promise<ExchangeRateAdminRow[]> =>
      tx.select().from(exchangeRates).orderBy(asc(exchangeRates.currency)).for('update'),

    async update(
      tx: Tx,
      currency: string,
      edit: { rate?: string; isActive?: boolean },
      now: Date,
    ): Promise<void> {
      await tx
        .update(exchangeRates)
        .set({
          ...(edit.rate === undefined ? {} : { rate: edit.rate }),
          ...(edit.isActive === undefined ? {} : { isActive: edit.isActive }),
          updatedAt: now,
        })
        .where(eq(exchangeRates.currency, currency));
    },
  };
}

export type ExchangeRatesAdminRepo = ReturnType<typeof createExchangeRatesAdminRepo>;
