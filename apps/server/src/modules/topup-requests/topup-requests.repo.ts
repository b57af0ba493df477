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
     * The requests these delivered lines name, not yet topped up, marked topped up by `orderId`
     * (the rows changed). A line tops up only the request it names, and only when it is that
     * request's product to its number. In the caller's transaction.
     */
    async markToppedUp(
      lines: { requestId: string; productId: string; phoneNumber: string }[],
      orderId: string,
      now: Date,
    ): Promise<TopupRequestRow[]> {
      if (lines.length === 0) return [];
      const named = await db
        .select()
        .from(topMeUpRequests)
        .where(
          and(
            inArray(
              topMeUpRequests.id,
              lines.map((l) => l.requestId),
            ),
            ne(topMeUpRequests.status, 'topped_up'),
          ),
        );
      const ids = named
        .filter((c) =>
          lines.some(
            (l) =>
              l.requestId === c.id &&
              l.productId === c.productId &&
              l.phoneNumber === c.phoneNumber,
          ),
        )
        .map((c) => c.id);
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
