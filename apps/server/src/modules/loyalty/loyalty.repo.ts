import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { loyaltyAccounts, loyaltyLedger } from './loyalty.tables.ts';

export type LoyaltyAccountRow = typeof loyaltyAccounts.$inferSelect;
export type LoyaltyEntryKind = (typeof loyaltyLedger.$inferInsert)['kind'];

/** Works on the database or inside a transaction (pass the transaction as db). */
export function createLoyaltyRepo(db: Db) {
  return {
    /**
     * A staff member's adjustment (issue 17), in the caller's transaction with the account locked:
     * the entry with its reason and author, and the new balance. The tier's lifetime total does
     * not move: points given as a goodwill gesture buy things but do not raise the tier.
     */
    async adjust(entry: {
      userId: string;
      points: number;
      balanceAfter: number;
      reason: string;
      actorId: string;
    }): Promise<void> {
      await db.insert(loyaltyLedger).values({
        userId: entry.userId,
        orderId: null,
        kind: 'adjustment',
        points: entry.points,
        balanceAfter: entry.balanceAfter,
        reason: entry.reason,
        actorId: entry.actorId,
      });
      await db
        .update(loyaltyAccounts)
        .set({ balance: entry.balanceAfter, updatedAt: sql`now()` })
        .where(eq(loyaltyAccounts.userId, entry.userId));
    },

    async account(userId: string): Promise<LoyaltyAccountRow | null> {
      const [row] = await db
        .select()
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.userId, userId))
        .limit(1);
      return row ?? null;
    },

    /** The member's account, created if new, locked until the transaction ends. */
    async lockAccount(userId: string): Promise<LoyaltyAccountRow> {
      await db.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.userId, userId))
        .for('update')
        .limit(1);
      if (!row) throw new Error('loyalty account vanished');
      return row;
    },

    /** Whether the order already has an entry of this kind (each kind happens once per order). */
    async hasEntry(orderId: string, kind: LoyaltyEntryKind): Promise<boolean> {
      const rows = await db
        .select({ id: loyaltyLedger.id })
        .from(loyaltyLedger)
        .where(sql`${loyaltyLedger.orderId} = ${orderId} and ${loyaltyLedger.kind} = ${kind}`)
        .limit(1);
      return rows.length > 0;
    },

    /** The points of the order's entry of this kind (signed as written), or null without one. */
    async entryPoints(orderId: string, kind: LoyaltyEntryKind): Promise<number | null> {
      const [row] = await db
        .select({ points: loyaltyLedger.points })
        .from(loyaltyLedger)
        .where(sql`${loyaltyLedger.orderId} = ${orderId} and ${loyaltyLedger.kind} = ${kind}`)
        .limit(1);
      return row?.points ?? null;
    },

    /** The points of all the order's entries of this kind (0 without one). */
    async sumPoints(orderId: string, kind: LoyaltyEntryKind): Promise<number> {
      const [row] = await db
        .select({ points: sql<string | null>`sum(${loyaltyLedger.points})` })
        .from(loyaltyLedger)
        .where(sql`${loyaltyLedger.orderId} = ${orderId} and ${loyaltyLedger.kind} = ${kind}`);
      return Number(row?.points ?? 0);
    },

    /** The multiplier of the order's first earn entry, or null before it earned anything. */
    async earnMultiplier(orderId: string): Promise<number | null> {
      const [row] = await db
        .select({ multiplier: loyaltyLedger.multiplier })
        .from(loyaltyLedger)
        .where(sql`${loyaltyLedger.orderId} = ${orderId} and ${loyaltyLedger.kind} = 'earn'`)
        .orderBy(asc(loyaltyLedger.createdAt), asc(loyaltyLedger.id))
        .limit(1);
      return row?.multiplier ?? null;
    },

    /**
     * Writes the entry and moves the balance, in the caller's transaction with the account locked.
     * The unique (order, kind) index refuses a second entry even if a caller forgot to check.
     */
    async apply(entry: {
      userId: string;
      orderId: string;
      kind: LoyaltyEntryKind;
      points: number;
      balanceAfter: number;
      earned: number;
      /** An earn entry's bonus multiplier (1 without). */
      multiplier?: number;
    }): Promise<void> {
      await db.insert(loyaltyLedger).values({
        userId: entry.userId,
        orderId: entry.orderId,
        kind: entry.kind,
        points: entry.points,
        balanceAfter: entry.balanceAfter,
        multiplier: entry.multiplier ?? 1,
      });
      await db
        .update(loyaltyAccounts)
        .set({
          balance: entry.balanceAfter,
          lifetimeEarned: sql`${loyaltyAccounts.lifetimeEarned} + ${entry.earned}`,
          updatedAt: sql`now()`,
        })
        .where(eq(loyaltyAccounts.userId, entry.userId));
    },
  };
}
