import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { cards, products } from './catalogue.tables.ts';

export type CardRow = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;

/** A card that can still be sold: available and not expired (an expired card is never sold). */
const sellable = sql`${cards.status} = 'available' and (${cards.expiresAt} is null or ${cards.expiresAt} > now())`;

/** E-PIN and gift-card stock. Works on the database or inside a transaction (pass it as db). */
export function createStockRepo(db: Db) {
  return {
    inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Locks up to `quantity` unexpired available cards of a product, oldest expiry first, skipping
     * cards another transaction holds (DESIGN §6.4): concurrent buyers never wait on or get one card.
     */
    async lockAvailable(productId: string, quantity: number): Promise<CardRow[]> {
      return db
        .select()
        .from(cards)
        .where(and(eq(cards.productId, productId), sellable))
        .orderBy(sql`${cards.expiresAt} asc nulls last`, cards.createdAt, cards.id)
        .limit(quantity)
        .for('update', { skipLocked: true });
    },

    /** Unexpired available cards as committed, counting those other transactions hold now. */
    async countAvailable(productId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.productId, productId), sellable));
      return row?.n ?? 0;
    },

    /** Marks locked cards sold; only cards still available change (never a sold one twice). */
    async markSold(cardIds: string[]): Promise<number> {
      if (cardIds.length === 0) return 0;
      const rows = await db
        .update(cards)
        .set({ status: 'sold', soldAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(inArray(cards.id, cardIds), eq(cards.status, 'available')))
        .returning({ id: cards.id });
      return rows.length;
    },

    async cardsByIds(cardIds: string[]): Promise<CardRow[]> {
      if (cardIds.length === 0) return [];
      return db.select().from(cards).where(inArray(cards.id, cardIds));
    },

    /** Products by SKU with their kind (the stock import names products by SKU or id). */
    async productsForImport(): Promise<{ id: string; sku: string; kind: string }[]> {
      return db.select({ id: products.id, sku: products.sku, kind: products.kind }).from(products);
    },

    /** Serials already in stock for these products (a re-import of a file is refused per row). */
    async existingSerials(productIds: string[]): Promise<{ productId: string; serial: string }[]> {
      if (productIds.length === 0) return [];
      return db
        .select({ productId: cards.productId, serial: cards.serial })
        .from(cards)
        .where(inArray(cards.productId, productIds));
    },

    async insertCards(rows: NewCard[]): Promise<void> {
      // Keeps each statement well below PostgreSQL's 65,535 bind parameters.
      for (let i = 0; i < rows.length; i += 500)
        await db.insert(cards).values(rows.slice(i, i + 500));
    },

    /** Redemption instructions of products (null where the shop wrote none). */
    async instructionsOf(
      productIds: string[],
    ): Promise<Map<string, (typeof products.$inferSelect)['instructions']>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ id: products.id, instructions: products.instructions })
        .from(products)
        .where(inArray(products.id, productIds));
      return new Map(rows.map((r) => [r.id, r.instructions]));
    },

    /** Face values of gift-card products, for the card answers. */
    async faceValuesOf(
      productIds: string[],
    ): Promise<Map<string, { amount: number; currency: string } | null>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: products.id,
          amount: products.faceValueMinor,
          currency: products.faceCurrency,
        })
        .from(products)
        .where(inArray(products.id, productIds));
      return new Map(
        rows.map((r) => [
          r.id,
          r.amount !== null && r.currency !== null
            ? { amount: r.amount, currency: r.currency }
            : null,
        ]),
      );
    },
  };
}

export type StockRepo = ReturnType<typeof createStockRepo>;
