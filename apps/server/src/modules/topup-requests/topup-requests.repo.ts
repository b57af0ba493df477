import { and, count, desc, eq, gt, gte, inArray, ne } from 'drizzle-orm';
import { lockForTransaction, type Db } from '../../platform/db.ts';
import { topMeUpPayers, topMeUpRequests } from './topup-requests.tables.ts';

export type TopupRequestRow = typeof topMeUpRequests.$inferSelect;
export type NewTopupRequest = Omit<
  TopupRequestRow,
  'status' | 'cancelledAt' | 'toppedUpAt' | 'toppedUpOrderId'
>;

/** The request links' rows: the maker's reads name the account; the link's reads name the token. */
export function createTopupRequestsRepo(db: Db) {
  return {
    /** The account's requests, newest first (at most `limit`). */
    listFor(userId: string, limit: number): Promise<TopupRequestRow[]> {
      return db
        .select()
        .from(topMeUpRequests)
        .where(eq(topMeUpRequests.userId, userId))
        .orderBy(desc(topMeUpRequests.createdAt), desc(topMeUpRequests.id))
        .limit(limit);
    },

    async find(id: string): Promise<TopupRequestRow | null> {
      const [row] = await db.select().from(topMeUpRequests).where(eq(topMeUpRequests.id, id));
      return row ?? null;
    },

    /**
     * Inserts the request unless the account has `openMax` open ones or made `dailyMax` since
     * `dayAgo` ('open' or 'daily' then). Counted and inserted in one transaction under the
     * account's lock, so creates at once cannot pass either limit.
     */
    insertUnderLimits(
      row: NewTopupRequest,
      limits: { openMax: number; dailyMax: number; dayAgo: Date },
    ): Promise<TopupRequestRow | 'open' | 'daily'> {
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `topup-requests:${row.userId}`);
        const mine = eq(topMeUpRequests.userId, row.userId);
        const [open] = await tx
          .select({ n: count() })
          .from(topMeUpRequests)
          .where(
            and(
              mine,
              eq(topMeUpRequests.status, 'open'),
              gt(topMeUpRequests.expiresAt, row.createdAt),
            ),
          );
        const [today] = await tx
          .select({ n: count() })
          .from(topMeUpRequests)
          .where(and(mine, gte(topMeUpRequests.createdAt, limits.dayAgo)));
        if ((open?.n ?? 0) >= limits.openMax) return 'open';
        if ((today?.n ?? 0) >= limits.dailyMax) return 'daily';
        const [inserted] = await tx
          .insert(topMeUpRequests)
          .values({ ...row, status: 'open' })
          .returning();
        if (!inserted) throw new Error('top-up request insert returned no row');
        return inserted;
      });
    },

    /** Cancels the account's open request (null: not theirs, or not open). */
    async cancel(userId: string, id: string, now: Date): Promise<TopupRequestRow | null> {
      const [row] = await db
        .update(topMeUpRequests)
        .set({ status: 'cancelled', cancelledAt: now })
        .where(
          and(
            eq(topMeUpRequests.userId, userId),
            eq(topMeUpRequests.id, id),
            eq(topMeUpRequests.status, 'open'),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Records that `userId` put the request's product in their cart (once per account). */
    async addPayer(requestId: string, userId: string): Promise<void> {
      await db.insert(topMeUpPayers).values({ requestId, userId }).onConflictDoNothing();
    },

    /**
     * The requests not yet topped up that `payerId` took to their cart, of these products to these
     * numbers, marked topped up by `orderId` (the rows changed). In the caller's transaction.
     */
    async markToppedUp(
      payerId: string,
      lines: { productId: string; phoneNumber: string }[],
      orderId: string,
      now: Date,
    ): Promise<TopupRequestRow[]> {
      if (lines.length === 0) return [];
      const taken = db
        .select({ id: topMeUpPayers.requestId })
        .from(topMeUpPayers)
        .where(eq(topMeUpPayers.userId, payerId));
      const candidates = await db
        .select()
        .from(topMeUpRequests)
        .where(
          and(
            inArray(topMeUpRequests.id, taken),
            ne(topMeUpRequests.status, 'topped_up'),
            inArray(
              topMeUpRequests.phoneNumber,
              lines.map((l) => l.phoneNumber),
            ),
          ),
        )
        .orderBy(topMeUpRequests.createdAt);
      // One line tops up one request: the oldest of the same product and number.
      const ids: string[] = [];
      for (const line of lines) {
        const match = candidates.find(
          (c) =>
            !ids.includes(c.id) &&
            c.productId === line.productId &&
            c.phoneNumber === line.phoneNumber,
        );
        if (match) ids.push(match.id);
      }
      if (ids.length === 0) return [];
      return db
        .update(topMeUpRequests)
        .set({ status: 'topped_up', toppedUpAt: now, toppedUpOrderId: orderId })
        .where(and(inArray(topMeUpRequests.id, ids), ne(topMeUpRequests.status, 'topped_up')))
        .returning();
    },
  };
}
export type TopupRequestsRepo = ReturnType<typeof createTopupRequestsRepo>;
