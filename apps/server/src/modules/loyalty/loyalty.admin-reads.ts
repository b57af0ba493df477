import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { loyaltyAccounts, loyaltyLedger } from './loyalty.tables.ts';

/** The back-office's reads of points (issue 30: a module owns the read models of its tables). */
export function loyaltyAdminReads(db: Db) {
  return {
    /** A member's points balance (0 without an account). */
    async balanceOf(userId: string): Promise<number> {
      const [account] = await db
        .select({ balance: loyaltyAccounts.balance })
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.userId, userId))
        .limit(1);
      return account?.balance ?? 0;
    },

    /** A member's last entries, newest first, with the order each names (its id). */
    entriesOf: (userId: string, limit: number) =>
      db
        .select({
          id: loyaltyLedger.id,
          points: loyaltyLedger.points,
          kind: loyaltyLedger.kind,
          reason: loyaltyLedger.reason,
          balanceAfter: loyaltyLedger.balanceAfter,
          orderId: loyaltyLedger.orderId,
          createdAt: loyaltyLedger.createdAt,
        })
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.userId, userId))
        .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
        .limit(limit),

    /** The entries that name the order. */
    ledgerOf: (orderId: string) =>
      db
        .select({
          kind: loyaltyLedger.kind,
          points: loyaltyLedger.points,
          balanceAfter: loyaltyLedger.balanceAfter,
          /** An earn entry's bonus-days multiplier (ADR 0081), 1 otherwise. */
          multiplier: loyaltyLedger.multiplier,
          createdAt: loyaltyLedger.createdAt,
        })
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.orderId, orderId)),
  };
}

export type LoyaltyAdminReads = ReturnType<typeof loyaltyAdminReads>;
