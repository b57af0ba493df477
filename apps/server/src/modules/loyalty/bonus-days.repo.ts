import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { loyaltyBonusDays } from './loyalty.tables.ts';

export type BonusDayRow = typeof loyaltyBonusDays.$inferSelect;
export interface BonusDayFields {
  nameEn: string;
  nameMy: string;
  startsOn: string;
  endsOn: string;
  multiplier: number;
}

/** The bonus-point days' rows (ADR 0081); works on the database or inside a transaction. */
export function createBonusDaysRepo(db: Db) {
  return {
    all: (): Promise<BonusDayRow[]> =>
      db.select().from(loyaltyBonusDays).orderBy(asc(loyaltyBonusDays.startsOn)),

    async find(id: string): Promise<BonusDayRow | null> {
      const [row] = await db
        .select()
        .from(loyaltyBonusDays)
        .where(eq(loyaltyBonusDays.id, id))
        .limit(1);
      return row ?? null;
    },

    /** The window whose days hold `day` (YYYY-MM-DD), if any (windows never overlap). */
    async on(day: string): Promise<BonusDayRow | null> {
      const [row] = await db
        .select()
        .from(loyaltyBonusDays)
        .where(and(lte(loyaltyBonusDays.startsOn, day), gte(loyaltyBonusDays.endsOn, day)))
        .limit(1);
      return row ?? null;
    },

    /** Windows that end on or after `from` and start on or before `to`, by first day. */
    between: (from: string, to: string): Promise<BonusDayRow[]> =>
      db
        .select()
        .from(loyaltyBonusDays)
        .where(and(gte(loyaltyBonusDays.endsOn, from), lte(loyaltyBonusDays.startsOn, to)))
        .orderBy(asc(loyaltyBonusDays.startsOn)),

    /** The first other window sharing a day with start..end (`except` left out: the one edited). */
    async overlapping(start: string, end: string, except: string | null) {
      const [row] = await db
        .select()
        .from(loyaltyBonusDays)
        .where(
          and(
            lte(loyaltyBonusDays.startsOn, end),
            gte(loyaltyBonusDays.endsOn, start),
            except ? ne(loyaltyBonusDays.id, except) : undefined,
          ),
        )
        .orderBy(asc(loyaltyBonusDays.startsOn))
        .limit(1);
      return row ?? null;
    },

    async insert(fields: BonusDayFields): Promise<BonusDayRow> {
      const [row] = await db.insert(loyaltyBonusDays).values(fields).returning();
      if (!row) throw new Error('bonus days not written');
      return row;
    },

    async update(id: string, fields: BonusDayFields, now: Date): Promise<BonusDayRow | null> {
      const [row] = await db
        .update(loyaltyBonusDays)
        .set({ ...fields, updatedAt: now })
        .where(eq(loyaltyBonusDays.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<BonusDayRow | null> {
      const [row] = await db
        .delete(loyaltyBonusDays)
        .where(eq(loyaltyBonusDays.id, id))
        .returning();
      return row ?? null;
    },
  };
}

export type BonusDaysRepo = ReturnType<typeof createBonusDaysRepo>;
