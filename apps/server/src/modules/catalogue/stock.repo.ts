import { and, count, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { cards, isCardProductKind, products } from './catalogue.tables.ts';

export type CardRow = typeof cards.$inferSelect;
export type NewCard = typeof cards.$inferInsert;

/** A card that can still be sold: available and not expired (an expired card is never sold). */
const sellable = sql`${cards.status} = 'available' and (${cards.expiresAt} is null or ${cards.expiresAt} > now())`;

/**
 * A sellable card no pending order holds (DESIGN §6.5): unreserved, or its reservation ended at
 * `now` (the app's clock where the caller has it, else the database's). Checkout reserves only
 * these; "in stock" counts only these.
 */
export const freeCard = (now: Date | SQL = sql`now()`): SQL =>
  sql`${sellable} and (${cards.reservedOrderId} is null or ${cards.reservedUntil} <= ${now})`;

const stockOrder = [sql`${cards.expiresAt} asc nulls last`, cards.createdAt, cards.id] as const;

/** E-PIN and gift-card stock. Works on the database or inside a transaction (pass it as db). */
export function createStockRepo(db: Db) {
  return {
    inTransaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },

    /**
     * Locks up to `quantity` free cards of a product (no live reservation), oldest expiry first,
     * skipping cards another transaction holds (DESIGN §6.4): concurrent buyers never wait on or
     * get one card.
     */
    async lockAvailable(
      productId: string,
      quantity: number,
      now: Date | SQL = sql`now()`,
    ): Promise<CardRow[]> {
      return db
        .select()
        .from(cards)
        .where(and(eq(cards.productId, productId), freeCard(now)))
        .orderBy(...stockOrder)
        .limit(quantity)
        .for('update', { skipLocked: true });
    },

    /** Free cards (no live reservation) as committed, counting those other transactions hold now. */
    async countAvailable(productId: string, now: Date | SQL = sql`now()`): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(cards)
        .where(and(eq(cards.productId, productId), freeCard(now)));
      return row?.n ?? 0;
    },

    /** Free cards per product (products without any are missing from the answer). */
    async countFree(
      productIds: string[],
      now: Date | SQL = sql`now()`,
    ): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: cards.productId, n: count() })
        .from(cards)
        .where(and(inArray(cards.productId, productIds), freeCard(now)))
        .groupBy(cards.productId);
      return new Map(rows.map((r) => [r.productId, r.n]));
    },

    /**
     * Reserves `quantity` cards of a product for the order until `until` (checkout and Pay Again):
     * the cards the order holds already count, the rest are taken from free stock, skipping cards
     * other transactions have locked. Answers how many the order holds now; fewer than asked
     * means nothing more was taken (the caller refuses and its transaction rolls back).
     */
    async reserve(
      order: { orderId: string; productId: string; quantity: number },
      until: Date,
      now: Date,
    ): Promise<number> {
      const held = await db
        .update(cards)
        .set({ reservedUntil: until, updatedAt: sql`now()` })
        .where(
          and(
            eq(cards.reservedOrderId, order.orderId),
            eq(cards.productId, order.productId),
            sellable,
          ),
        )
        .returning({ id: cards.id });
      const missing = order.quantity - held.length;
      if (missing <= 0) return held.length;
      const locked = await db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.productId, order.productId), freeCard(now)))
        .orderBy(...stockOrder)
        .limit(missing)
        .for('update', { skipLocked: true });
      if (locked.length < missing) return held.length + locked.length;
      await db
        .update(cards)
        .set({ reservedOrderId: order.orderId, reservedUntil: until, updatedAt: sql`now()` })
        .where(
          inArray(
            cards.id,
            locked.map((c) => c.id),
          ),
        );
      return order.quantity;
    },

    /**
     * Per product, the cards an order could hold: free ones and those the order holds already
     * (its own hold is no smaller stock for it). The base of the per-order share (ADR 0043).
     */
    async countFreeOrHeldBy(
      orderId: string,
      productIds: string[],
      now: Date,
    ): Promise<Map<string, number>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({ productId: cards.productId, n: count() })
        .from(cards)
        .where(
          and(
            inArray(cards.productId, productIds),
            or(freeCard(now), and(sellable, eq(cards.reservedOrderId, orderId))),
          ),
        )
        .groupBy(cards.productId);
      return new Map(rows.map((r) => [r.productId, r.n]));
    },

    /** Cards on sale that these orders hold now (a live hold: its time not over). */
    async countLiveHeldBy(orderIds: string[], now: Date): Promise<number> {
      if (orderIds.length === 0) return 0;
      const [row] = await db
        .select({ n: count() })
        .from(cards)
        .where(
          and(
            inArray(cards.reservedOrderId, orderIds),
            eq(cards.status, 'available'),
            gt(cards.reservedUntil, now),
          ),
        );
      return row?.n ?? 0;
    },

    /** Products of which these orders hold cards now (their own hold is no shortage for them). */
    async productsHeldBy(orderIds: string[], now: Date): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ productId: cards.productId })
        .from(cards)
        .where(and(inArray(cards.reservedOrderId, orderIds), gt(cards.reservedUntil, now)));
      return new Set(rows.map((r) => r.productId));
    },

    /** Locks the order's reserved, still sellable cards of a product (fulfilment sells these first). */
    async lockReserved(orderId: string, productId: string, quantity: number): Promise<CardRow[]> {
      return db
        .select()
        .from(cards)
        .where(and(eq(cards.reservedOrderId, orderId), eq(cards.productId, productId), sellable))
        .orderBy(...stockOrder)
        .limit(quantity)
        .for('update');
    },

    /**
     * Ends the orders' reservations (cancel, expiry, failure), or only those of one product: their
     * cards are free again.
     */
    async release(orderIds: string[], productId?: string): Promise<number> {
      if (orderIds.length === 0) return 0;
      const rows = await db
        .update(cards)
        .set({ reservedOrderId: null, reservedUntil: null, updatedAt: sql`now()` })
        .where(
          and(
            inArray(cards.reservedOrderId, orderIds),
            productId ? eq(cards.productId, productId) : undefined,
          ),
        )
        .returning({ id: cards.id });
      return rows.length;
    },

    /**
     * Clears reservations whose time has passed (the sweep), so they stop showing as held. Cards
     * another transaction holds (a checkout taking them, a release) are skipped, never waited
     * for: the sweep cannot deadlock with them, and the next sweep sees what is left.
     */
    async releaseLapsed(now: Date): Promise<number> {
      const lapsed = db
        .select({ id: cards.id })
        .from(cards)
        .where(lte(cards.reservedUntil, now))
        .for('update', { skipLocked: true });
      const rows = await db
        .update(cards)
        .set({ reservedOrderId: null, reservedUntil: null, updatedAt: sql`now()` })
        .where(and(inArray(cards.id, lapsed), lte(cards.reservedUntil, now)))
        .returning({ id: cards.id });
      return rows.length;
    },

    /** Marks locked cards sold; only cards still available change (never a sold one twice). */
    async markSold(cardIds: string[]): Promise<number> {
      if (cardIds.length === 0) return 0;
      const rows = await db
        .update(cards)
        .set({
          status: 'sold',
          soldAt: sql`now()`,
          reservedOrderId: null,
          reservedUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(inArray(cards.id, cardIds), eq(cards.status, 'available')))
        .returning({ id: cards.id });
      return rows.length;
    },

    async cardsByIds(cardIds: string[]): Promise<CardRow[]> {
      if (cardIds.length === 0) return [];
      return db.select().from(cards).where(inArray(cards.id, cardIds));
    },

    /** Products by SKU with their kind (the stock import names products by SKU or id). */
    async productsForImport(): Promise<
      { id: string; sku: string; kind: string; name: (typeof products.$inferSelect)['name'] }[]
    > {
      return db
        .select({ id: products.id, sku: products.sku, kind: products.kind, name: products.name })
        .from(products);
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

    /**
     * The products of these whose cards are bought on demand from Reloadly (ADR 0063), with the
     * Reloadly product and unit price; products from imported stock are missing from the answer.
     */
    async onDemandOf(
      productIds: string[],
    ): Promise<Map<string, { reloadlyProductId: number; unitPrice: string }>> {
      if (productIds.length === 0) return new Map();
      const rows = await db
        .select({
          id: products.id,
          reloadlyProductId: products.reloadlyProductId,
          unitPrice: products.reloadlyUnitPrice,
        })
        .from(products)
        .where(and(inArray(products.id, productIds), eq(products.source, 'reloadly')));
      return new Map(
        rows.flatMap((r) =>
          r.reloadlyProductId !== null && r.unitPrice !== null
            ? [[r.id, { reloadlyProductId: r.reloadlyProductId, unitPrice: r.unitPrice }] as const]
            : [],
        ),
      );
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

    /**
     * Free cards (sellable, held by no pending order) of every card product not archived, none
     * counted as 0: the stock gauge of the metrics scrape (cards_available_idx).
     */
    async freeCardsPerProduct(): Promise<{ sku: string; kind: string; count: number }[]> {
      return db
        .select({
          sku: products.sku,
          kind: products.kind,
          count: sql<number>`count(${cards.id})::int`,
        })
        .from(products)
        .leftJoin(cards, and(eq(cards.productId, products.id), freeCard()))
        .where(and(isCardProductKind(products.kind), ne(products.status, 'archived')))
        .groupBy(products.sku, products.kind);
    },
  };
}

export type StockRepo = ReturnType<typeof createStockRepo>;
