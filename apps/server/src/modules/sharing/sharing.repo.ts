import type { ShareStyle } from '@shop/contracts/sharing';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { lockAccount } from '../auth/account-block.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { shareReveals, shares, shareStyleGenerations, shareTypes } from './sharing.tables.ts';

export type ShareRow = typeof shares.$inferSelect;
export type ShareTypeRow = typeof shareTypes.$inferSelect;

/** Postgres unique_violation (SQLSTATE 23505), as node-postgres and PGlite report it. */
const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e instanceof Error; e = e.cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/** Holds the user's row until the transaction ends: per-user counts and their insert in turn. */
const lockUser = (tx: Tx, userId: string) => lockAccount(tx, userId);

/** Style generations the user made since `since`. */
async function styleGenerationsSince(db: Db | Tx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shareStyleGenerations)
    .where(
      and(eq(shareStyleGenerations.userId, userId), gte(shareStyleGenerations.createdAt, since)),
    );
  return row?.n ?? 0;
}

export function createSharingRepo(db: Db) {
  return {
    /** The order's link that is neither disabled nor expired at `now`. */
    async liveShareOf(orderId: string, now: Date): Promise<ShareRow | null> {
      const [row] = await db
        .select()
        .from(shares)
        .where(
          and(eq(shares.orderId, orderId), isNull(shares.disabledAt), gt(shares.expiresAt, now)),
        );
      return row ?? null;
    },

    /** The live links of these orders (the buyer's order page). */
    async liveSharesOf(orderIds: string[], now: Date): Promise<ShareRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(shares)
        .where(
          and(
            inArray(shares.orderId, orderIds),
            isNull(shares.disabledAt),
            gt(shares.expiresAt, now),
          ),
        );
    },

    /**
     * Makes the order's link; an expired one still marked live is retired first. Null when another
     * request made a live link at the same moment (the partial unique index): read that one.
     */
    async createShare(row: typeof shares.$inferInsert, now: Date): Promise<ShareRow | null> {
      try {
        return await db.transaction(async (tx) => {
          await tx
            .update(shares)
            .set({ disabledAt: now })
            .where(
              and(
                eq(shares.orderId, row.orderId),
                isNull(shares.disabledAt),
                lte(shares.expiresAt, now),
              ),
            );
          const [created] = await tx.insert(shares).values(row).returning();
          return created ?? null;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** Disables the order's live link; answers whether there was one. */
    async disableShare(orderId: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(shares)
        .set({ disabledAt: now })
        .where(and(eq(shares.orderId, orderId), isNull(shares.disabledAt)))
        .returning({ id: shares.id });
      return rows.length > 0;
    },

    /** The link with this id while it is neither disabled nor expired; null otherwise. */
    async findLiveShare(shareId: string, now: Date): Promise<ShareRow | null> {
      const [row] = await db
        .select()
        .from(shares)
        .where(and(eq(shares.id, shareId), isNull(shares.disabledAt), gt(shares.expiresAt, now)));
      return row ?? null;
    },

    /** Records the first reveal of a card by the link's holder (later ones change nothing). */
    async recordReveal(shareId: string, orderCardId: string): Promise<void> {
      await db.insert(shareReveals).values({ shareId, orderCardId }).onConflictDoNothing();
    },

    /** When each of these delivered cards was first revealed through a link (order_cards.id → time). */
    async revealsOf(orderCardIds: string[]): Promise<Map<string, Date>> {
      if (orderCardIds.length === 0) return new Map();
      const rows = await db
        .select({
          orderCardId: shareReveals.orderCardId,
          revealedAt: sql<Date>`min(${shareReveals.revealedAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
        })
        .from(shareReveals)
        .where(inArray(shareReveals.orderCardId, orderCardIds))
        .groupBy(shareReveals.orderCardId);
      return new Map(rows.map((r) => [r.orderCardId, r.revealedAt]));
    },

    async shareTypesOf(userId: string, search?: string): Promise<ShareTypeRow[]> {
      const filter = search
        ? and(
            eq(shareTypes.userId, userId),
            sql`strpos(lower(${shareTypes.title}), lower(${search})) > 0`,
          )
        : eq(shareTypes.userId, userId);
      return db.select().from(shareTypes).where(filter).orderBy(asc(shareTypes.createdAt));
    },

    async findShareType(userId: string, title: string): Promise<ShareTypeRow | null> {
      const [row] = await db
        .select()
        .from(shareTypes)
        .where(
          and(eq(shareTypes.userId, userId), sql`lower(${shareTypes.title}) = lower(${title})`),
        );
      return row ?? null;
    },

    /**
     * Adds a type unless the user has `max` already ('limit') or one of this title ('exists'). The
     * user's row is locked while counting, so concurrent adds cannot pass the limit together.
     */
    async addShareType(
      userId: string,
      title: string,
      style: ShareStyle,
      max: number,
    ): Promise<ShareTypeRow | 'limit' | 'exists'> {
      try {
        return await db.transaction(async (tx) => {
          await lockUser(tx, userId);
          const [counted] = await tx
            .select({ n: count() })
            .from(shareTypes)
            .where(eq(shareTypes.userId, userId));
          if ((counted?.n ?? 0) >= max) return 'limit' as const;
          const [row] = await tx.insert(shareTypes).values({ userId, title, style }).returning();
          if (!row) throw new Error('share type not inserted');
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return 'exists';
        throw err;
      }
    },

    async deleteShareType(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(shareTypes)
        .where(and(eq(shareTypes.id, id), eq(shareTypes.userId, userId)))
        .returning({ id: shareTypes.id });
      return rows.length > 0;
    },

    async styleGenerationsSince(userId: string, since: Date): Promise<number> {
      return styleGenerationsSince(db, userId, since);
    },

    /**
     * Counts one style generation unless `limit` were made since `since`; answers whether it was
     * counted. Locked per user like addShareType.
     */
    async takeStyleGeneration(
      userId: string,
      title: string,
      since: Date,
      limit: number,
      now: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockUser(tx, userId);
        if ((await styleGenerationsSince(tx, userId, since)) >= limit) return false;
        await tx.insert(shareStyleGenerations).values({ userId, title, createdAt: now });
        return true;
      });
    },

    /** Newest first: the buyer's share history of an order (tests and support). */
    async sharesOfOrder(orderId: string): Promise<ShareRow[]> {
      return db
        .select()
        .from(shares)
        .where(eq(shares.orderId, orderId))
        .orderBy(desc(shares.createdAt));
    },
  };
}

export type SharingRepo = ReturnType<typeof createSharingRepo>;
