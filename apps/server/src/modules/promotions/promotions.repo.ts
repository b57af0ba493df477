import type { PromoState } from '@shop/contracts/admin-promo';
import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { promoCodes, promoRedemptions } from './promotions.tables.ts';

export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type NewPromoCode = typeof promoCodes.$inferInsert;

export type PromoCodeChange = Partial<Pick<PromoCodeRow, 'active' | 'endsAt' | 'totalLimit'>>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The SQL of each state at `now` (the same precedence as promoStateAt). */
function stateCondition(state: PromoState, now: Date): SQL {
  const ended = and(isNotNull(promoCodes.endsAt), lte(promoCodes.endsAt, now)) as SQL;
  const notEnded = or(isNull(promoCodes.endsAt), gt(promoCodes.endsAt, now)) as SQL;
  switch (state) {
    case 'expired':
      return ended;
    case 'inactive':
      return and(notEnded, eq(promoCodes.active, false)) as SQL;
    case 'scheduled':
      return and(
        notEnded,
        eq(promoCodes.active, true),
        isNotNull(promoCodes.startsAt),
        gt(promoCodes.startsAt, now),
      ) as SQL;
    case 'active':
      return and(
        notEnded,
        eq(promoCodes.active, true),
        not(and(isNotNull(promoCodes.startsAt), gt(promoCodes.startsAt, now)) as SQL),
      ) as SQL;
  }
}

export function createPromotionsRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /** The back-office list: part of the code (any case), a state at `now`; newest first. */
    async listCodes(filter: {
      q: string | undefined;
      state: PromoState | undefined;
      now: Date;
      offset: number;
      limit: number;
    }): Promise<{ rows: PromoCodeRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.q) conditions.push(ilike(promoCodes.code, `%${escapeLike(filter.q)}%`));
      if (filter.state) conditions.push(stateCondition(filter.state, filter.now));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(promoCodes)
          .where(where)
          .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(promoCodes).where(where),
      ]);
      return { rows, total: totals[0]?.n ?? 0 };
    },

    /** The row, locked until the transaction ends (a checkout's use of it waits meanwhile). */
    async lockById(id: string): Promise<PromoCodeRow | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      return row ?? null;
    },

    async updateCode(id: string, change: PromoCodeChange): Promise<PromoCodeRow> {
      const [row] = await db
        .update(promoCodes)
        .set(change)
        .where(eq(promoCodes.id, id))
        .returning();
      if (!row) throw new Error(`promo code ${id} vanished under its lock`);
      return row;
    },

    async insertCode(values: NewPromoCode): Promise<PromoCodeRow> {
      const [row] = await db.insert(promoCodes).values(values).returning();
      if (!row) throw new Error('promo code not inserted');
      return row;
    },

    /** The code whatever its letter case (the unique index is on upper(code)). */
    async findByCode(code: string): Promise<PromoCodeRow | null> {
      const [row] = await db
        .select()
        .from(promoCodes)
        .where(sql`upper(${promoCodes.code}) = upper(${code})`)
        .limit(1);
      return row ?? null;
    },

    async findById(id: string): Promise<PromoCodeRow | null> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Takes one use of the code if any is left: a conditional UPDATE, so concurrent checkouts wait
     * on the row's lock and each re-reads the count before its own (PostgreSQL re-checks the WHERE
     * on the updated row): never more than `total_limit`. False when none is left.
     */
    async takeUse(promoCodeId: string): Promise<boolean> {
      const rows = await db
        .update(promoCodes)
        .set({ redeemedCount: sql`${promoCodes.redeemedCount} + 1` })
        .where(
          and(
            eq(promoCodes.id, promoCodeId),
            or(isNull(promoCodes.totalLimit), lt(promoCodes.redeemedCount, promoCodes.totalLimit)),
          ),
        )
        .returning({ id: promoCodes.id });
      return rows.length === 1;
    },

    /** Redemptions of the code this customer holds now (not given back). */
    async heldBy(promoCodeId: string, userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(promoRedemptions)
        .where(
          and(
            eq(promoRedemptions.promoCodeId, promoCodeId),
            eq(promoRedemptions.userId, userId),
            isNull(promoRedemptions.releasedAt),
          ),
        );
      return row?.n ?? 0;
    },

    async insertRedemption(values: typeof promoRedemptions.$inferInsert): Promise<void> {
      await db.insert(promoRedemptions).values(values);
    },

    /**
     * Gives back the uses held by these orders (each once: `released_at` is set in the same
     * statement that finds them); answers how many were given back.
     */
    async release(orderIds: string[], now: Date): Promise<number> {
      if (orderIds.length === 0) return 0;
      const released = await db
        .update(promoRedemptions)
        .set({ releasedAt: now })
        .where(
          and(inArray(promoRedemptions.orderId, orderIds), isNull(promoRedemptions.releasedAt)),
        )
        .returning({ promoCodeId: promoRedemptions.promoCodeId });
      const perCode = new Map<string, number>();
      for (const r of released) perCode.set(r.promoCodeId, (perCode.get(r.promoCodeId) ?? 0) + 1);
      // In id order: two transactions releasing several codes never wait on each other.
      for (const [id, n] of [...perCode].sort(([a], [b]) => a.localeCompare(b)))
        await db
          .update(promoCodes)
          .set({ redeemedCount: sql`${promoCodes.redeemedCount} - ${n}` })
          .where(eq(promoCodes.id, id));
      return released.length;
    },
  };
}

export type PromotionsRepo = ReturnType<typeof createPromotionsRepo>;
