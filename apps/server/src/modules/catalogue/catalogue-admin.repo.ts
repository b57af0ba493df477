import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import {
  banners,
  cards,
  categories,
  isCardProductKind,
  operators,
  products,
} from './catalogue.tables.ts';
import type { BannerRow, CategoryRow } from './catalogue.repo.ts';

/** The row types both catalogue repos answer in (written once, in catalogue.repo.ts). */
export type { BannerRow, CategoryRow };
export type OperatorRow = typeof operators.$inferSelect;
export type BannerEdit = Partial<
  Pick<
    BannerRow,
    | 'title'
    | 'description'
    | 'linkUrl'
    | 'headline'
    | 'ctaLabel'
    | 'endsOn'
    | 'sortOrder'
    | 'isActive'
    | 'tint'
    | 'imageUrl'
    | 'tabletImageUrl'
    | 'mobileImageUrl'
    | 'localizedImages'
  >
>;
export type CategoryEdit = Partial<
  Pick<CategoryRow, 'name' | 'sortOrder' | 'isActive' | 'imageUrl'>
>;
export type OperatorEdit = Partial<Pick<OperatorRow, 'name' | 'brandColor' | 'logoUrl'>>;

/** A category with the number of products filed directly under it. */
export interface CategoryWithCount {
  category: CategoryRow;
  productCount: number;
}

/** Card counts of one card product (see the stock list of the back-office). */
export interface StockCounts {
  productId: string;
  sku: string;
  name: (typeof products.$inferSelect)['name'];
  available: number;
  held: number;
  sold: number;
  voided: number;
  expiringSoon: number;
  expired: number;
}

export interface CardWithSku {
  card: typeof cards.$inferSelect;
  sku: string;
}

// Qualified by hand: inside a sub-query drizzle writes a column without its table's name.
const productCount = sql<number>`(select count(*)::int from "products" where "products"."category_id" = "categories"."id")`;
const categoryOrder = [
  sql`${categories.parentId} is not null`,
  asc(categories.sortOrder),
  asc(categories.slug),
] as const;

/** Back-office reads and writes of banners, categories and card stock (issue 17). */
export function createCatalogueAdminRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    async listBanners(page: {
      offset: number;
      limit: number;
    }): Promise<{ rows: BannerRow[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(banners)
          .orderBy(asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(banners),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The row, locked until the transaction ends, so two edits cannot interleave. */
    async lockBanner(tx: Tx, id: string): Promise<BannerRow | undefined> {
      const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
      return row;
    },

    async updateBanner(tx: Tx, id: string, edit: BannerEdit, now: Date): Promise<BannerRow> {
      const [row] = await tx
        .update(banners)
        .set({ ...edit, updatedAt: now })
        .where(eq(banners.id, id))
        .returning();
      if (!row) throw new Error(`banner ${id} vanished under its lock`);
      return row;
    },

    /** Top-level categories first, then sub-categories, each by sort order. */
    async listCategories(page: {
      offset: number;
      limit: number;
    }): Promise<{ rows: CategoryWithCount[]; total: number }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ category: categories, productCount })
          .from(categories)
          .orderBy(...categoryOrder, asc(categories.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(categories),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async categoryById(id: string): Promise<CategoryWithCount | undefined> {
      const [row] = await db
        .select({ category: categories, productCount })
        .from(categories)
        .where(eq(categories.id, id));
      return row;
    },

    async lockCategory(tx: Tx, id: string): Promise<CategoryRow | undefined> {
      const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      return row;
    },

    async updateCategory(tx: Tx, id: string, edit: CategoryEdit, now: Date): Promise<CategoryRow> {
      const [row] = await tx
        .update(categories)
        .set({ ...edit, updatedAt: now })
        .where(eq(categories.id, id))
        .returning();
      if (!row) throw new Error(`category ${id} vanished under its lock`);
      return row;
    },

    /** Every operator, by code (there are five, fixed by the phone rules). */
    listOperators(): Promise<OperatorRow[]> {
      return db.select().from(operators).orderBy(asc(operators.code));
    },

    async lockOperator(tx: Tx, id: string): Promise<OperatorRow | undefined> {
      const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
      return row;
    },

    async updateOperator(tx: Tx, id: string, edit: OperatorEdit, now: Date): Promise<OperatorRow> {
      const [row] = await tx
        .update(operators)
        .set({ ...edit, updatedAt: now })
        .where(eq(operators.id, id))
        .returning();
      if (!row) throw new Error(`operator ${id} vanished under its lock`);
      return row;
    },

    /**
     * Card counts of every E-PIN and gift-card product, by SKU. "Held": an unexpired card a
     * pending order holds now; "available": what checkout can take (stock.repo's freeCard).
     */
    async stockCounts(
      at: { now: Date; soon: Date },
      page: { offset: number; limit: number },
    ): Promise<{ rows: StockCounts[]; total: number }> {
      const { now, soon } = at;
      const unexpired = sql`(${cards.expiresAt} is null or ${cards.expiresAt} > ${now})`;
      const heldNow = sql`(${cards.reservedOrderId} is not null and ${cards.reservedUntil} > ${now})`;
      const inStock = sql`${cards.status} = 'available' and ${unexpired}`;
      const n = (condition: ReturnType<typeof sql>) =>
        sql<number>`(count(${cards.id}) filter (where ${condition}))::int`;
      const cardProducts = isCardProductKind(products.kind);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            productId: products.id,
            sku: products.sku,
            name: products.name,
            available: n(sql`${inStock} and not ${heldNow}`),
            held: n(sql`${inStock} and ${heldNow}`),
            sold: n(sql`${cards.status} = 'sold'`),
            voided: n(sql`${cards.status} = 'void'`),
            expiringSoon: n(
              sql`${inStock} and not ${heldNow} and ${cards.expiresAt} is not null and ${cards.expiresAt} <= ${soon}`,
            ),
            expired: n(
              sql`${cards.status} = 'available' and ${cards.expiresAt} is not null and ${cards.expiresAt} <= ${now}`,
            ),
          })
          .from(products)
          .leftJoin(cards, eq(cards.productId, products.id))
          .where(cardProducts)
          .groupBy(products.id, products.sku, products.name)
          .orderBy(asc(products.sku))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(products).where(cardProducts),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A product's SKU and names, or undefined when there is no such product. */
    async productOf(id: string) {
      const [row] = await db
        .select({ id: products.id, sku: products.sku, name: products.name })
        .from(products)
        .where(eq(products.id, id));
      return row;
    },

    /**
     * A product's cards, newest first (then by serial), without their PINs: the PIN column is not
     * even read. "held": a pending order holds the card now; "expired": unsold and past expiry.
     */
    async productCards(
      productId: string,
      status: (typeof cards.status.enumValues)[number] | undefined,
      now: Date,
      page: { offset: number; limit: number },
    ) {
      const where = status
        ? and(eq(cards.productId, productId), eq(cards.status, status))
        : eq(cards.productId, productId);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: cards.id,
            serial: cards.serial,
            status: cards.status,
            held: sql<boolean>`(${cards.reservedOrderId} is not null and ${cards.reservedUntil} > ${now})`,
            expired: sql<boolean>`(${cards.status} in ('available', 'reserved') and ${cards.expiresAt} is not null and ${cards.expiresAt} <= ${now})`,
            expiresAt: cards.expiresAt,
            createdAt: cards.createdAt,
          })
          .from(cards)
          .where(where)
          .orderBy(desc(cards.createdAt), asc(cards.serial))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(cards).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The card with its product's SKU, locked until the transaction ends. */
    async lockCard(tx: Tx, id: string): Promise<CardWithSku | undefined> {
      const [row] = await tx
        .select({ card: cards, sku: products.sku })
        .from(cards)
        .innerJoin(products, eq(products.id, cards.productId))
        .where(eq(cards.id, id))
        .for('update', { of: cards });
      return row;
    },

    /** Voids a card no order holds; its lapsed reservation, if any, is cleared. */
    async voidCard(tx: Tx, id: string, now: Date): Promise<typeof cards.$inferSelect> {
      const [row] = await tx
        .update(cards)
        .set({ status: 'void', reservedOrderId: null, reservedUntil: null, updatedAt: now })
        .where(and(eq(cards.id, id), eq(cards.status, 'available')))
        .returning();
      if (!row) throw new Error(`card ${id} changed under its lock`);
      return row;
    },
  };
}

export type CatalogueAdminRepo = ReturnType<typeof createCatalogueAdminRepo>;
