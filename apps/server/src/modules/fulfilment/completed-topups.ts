import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { topupRequests } from './fulfilment.tables.ts';

/** A top-up the aggregator confirmed: the line it was for, its reference and when. */
export interface CompletedTopup {
  orderItemId: string;
  reference: string | null;
  completedAt: Date | null;
}

/**
 * The top-ups `provider` confirmed from `start` to `end` (not inclusive), oldest first: what the
 * daily reconciliation (topup-account, ADR 0064) expects the aggregator's report to show.
 */
export async function completedTopups(
  db: Db,
  provider: string,
  start: Date,
  end: Date,
): Promise<CompletedTopup[]> {
  return db
    .select({
      orderItemId: topupRequests.orderItemId,
      reference: topupRequests.reference,
      completedAt: topupRequests.completedAt,
    })
    .from(topupRequests)
    .where(
      and(
        eq(topupRequests.provider, provider),
        eq(topupRequests.status, 'success'),
        gte(topupRequests.completedAt, start),
        lt(topupRequests.completedAt, end),
      ),
    )
    .orderBy(asc(topupRequests.completedAt));
}
