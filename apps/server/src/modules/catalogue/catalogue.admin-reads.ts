import type { LocalizedText } from '@shop/contracts/i18n';
import { and, asc, count, eq, gt, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { cards, categories, isCardProductKind, operators, products } from './catalogue.tables.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;
const int = (value: unknown) => Number(value ?? 0);
/**
 * A column named with its table, for correlated subqueries: Drizzle leaves the table out of
 * `${column}` in a one-table select, which inside a subquery would name the subquery's own table.
 */
const outer = (table: string, column: string) => sql.raw(`"${table}"."${column}"`);

/**
 * The back-office's reads of the catalogue (issue 30: a module owns the read models of its
 * tables): products with their stock, low and expiring stock, and which category and operator
 * each product belongs to (for the sales figures, which are the orders module's).
 */
export function catalogueAdminReads(db: Db) {
  return {
    /** Card products on sale with at most `threshold` unexpired cards available. */
    async lowStock(now: Date, threshold: number) {
      const available = sql<number>`(select count(*)::int from ${cards} where ${cards.productId} = ${outer('products', 'id')} and ${cards.status} = 'available' and (${cards.expiresAt} is null or ${cards.expiresAt} > ${now.toISOString()}::timestamptz))`;
      const rows = await db
        .select({ productId: products.id, sku: products.sku, name: products.name, available })
        .from(products)
        .where(
          and(
            isCardProductKind(products.kind),
            inArray(products.status, ['active', 'out_of_stock']),
            lte(available, threshold),
          ),
        )
        .orderBy(asc(available), asc(products.sku));
      return rows.map((r) => ({ ...r, available: int(r.available) }));
    },

    /** Available cards that expire between now and `until`, per product. */
    async expiringCards(now: Date, until: Date) {
      const rows = await db
        .select({
          productId: products.id,
          sku: products.sku,
          name: products.name,
          count: count(),
          firstExpiry: sql<Date | string>`min(${cards.expiresAt})`,
        })
        .from(cards)
        .innerJoin(products, eq(products.id, cards.productId))
        .where(
          and(eq(cards.status, 'available'), gt(cards.expiresAt, now), lte(cards.expiresAt, until)),
        )
        .groupBy(products.id, products.sku, products.name)
        .orderBy(asc(sql`min(${cards.expiresAt})`));
      return rows.map((r) => ({
        productId: r.productId,
        sku: r.sku,
        name: r.name,
        count: int(r.count),
        firstExpiry: new Date(r.firstExpiry).toISOString(),
      }));
    },

    listProductById(id: string) {
      return this.listProducts({ id, offset: 0, limit: 1 });
    },

    async listProducts(filter: {
      id?: string;
      q?: string | undefined;
      status?: (typeof products.status.enumValues)[number] | undefined;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.id) conditions.push(eq(products.id, filter.id));
      if (filter.q) {
        const like = contains(filter.q);
        conditions.push(
          or(
            ilike(products.sku, like),
            ilike(sql`${products.name}->>'en'`, like),
            ilike(sql`${products.name}->>'my'`, like),
          ) as SQL,
        );
      }
      if (filter.status) conditions.push(eq(products.status, filter.status));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select({
            product: products,
            category: categories.name,
            operator: operators.code,
            available: sql<
              number | null
            >`case when ${isCardProductKind(products.kind)} then (select count(*)::int from ${cards} where ${cards.productId} = ${outer('products', 'id')} and ${cards.status} = 'available') end`,
          })
          .from(products)
          .innerJoin(categories, eq(categories.id, products.categoryId))
          .leftJoin(operators, eq(operators.id, products.operatorId))
          .where(where)
          .orderBy(asc(categories.sortOrder), asc(products.sortOrder), asc(products.sku))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(products).where(where),
      ]);
      return { rows, total: int(total?.n) };
    },

    /** Every product's category (id and name) and operator code. */
    productGroups: () =>
      db
        .select({
          productId: products.id,
          categoryId: categories.id,
          categoryName: categories.name,
          operatorCode: operators.code,
        })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(operators, eq(operators.id, products.operatorId)),

    /** The categories of these ids that exist, with their names (promo codes name them). */
    async categoriesByIds(ids: readonly string[]): Promise<{ id: string; name: LocalizedText }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(inArray(categories.id, [...ids]));
    },
  };
}

export type CatalogueAdminReads = ReturnType<typeof catalogueAdminReads>;
