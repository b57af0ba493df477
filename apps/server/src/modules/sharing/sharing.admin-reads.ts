import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { shareReveals, shares } from './sharing.tables.ts';

/**
 * The back-office's reads of an order's shares (issue 30: a module owns the read models of its
 * tables). No share ids: a share id is the link.
 */
export function sharingAdminReads(db: Db) {
  return {
    sharesOf: (orderId: string) =>
      db
        .select({
          type: shares.type,
          createdAt: shares.createdAt,
          expiresAt: shares.expiresAt,
          disabledAt: shares.disabledAt,
        })
        .from(shares)
        .where(eq(shares.orderId, orderId)),

    /** When these order cards were revealed through a share. */
    async revealsOf(orderCardIds: readonly string[]) {
      if (orderCardIds.length === 0) return [];
      return db
        .select({ orderCardId: shareReveals.orderCardId, revealedAt: shareReveals.revealedAt })
        .from(shareReveals)
        .where(inArray(shareReveals.orderCardId, [...orderCardIds]));
    },
  };
}

export type SharingAdminReads = ReturnType<typeof sharingAdminReads>;
