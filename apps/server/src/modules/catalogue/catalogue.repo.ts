import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CART_QUANTITY_MAX } from '@shop/contracts/cart';
import type { CategoryListQuery, ProductListQuery } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { freeCard } from './stock.repo.ts';
import type { Db } from '../../platform/db.ts';
import {
  banners,
  cards,
  categories,
  exchangeRates,
  isCardProductKind,
  operators,
  products,
} from './catalogue.tables.ts';
import { isUuid } from '@shop/contracts/ids';

export type CategoryRow = typeof categories.$inferSelect;
export type BannerRow = typeof banners.$inferSelect;
export type ExchangeRateRow = typeof exchangeRates.$inferSelect;

/** A product with what its answer needs: its operator, its category and whether cards are left. */
export interface ProductRow {
  product: typeof products.$inferSelect;
  operator: typeof operators.$inferSelect | null;
  category: Pick<CategoryRow, 'id' | 'name' | 'slug'>;
  hasStock: boolean;
}

/**
 * "Name A–Z" with numbers in numeric order ("Top-up 1,000 Ks" < "3,000" < "10,000"), as
 * Intl.Collator's `numeric` option would sort them, in SQL because the listing is paged there.
 * Burmese digits count as digits, thousands separators inside a number are dropped, and every run
 * of digits is left-padded to 30 places; the key is compared in byte order ("C"), the same on
 * PGlite and any PostgreSQL server whatever collation its database was created with (ICU
 * collations with `kn` are not available on PGlite).
 */
function naturalSortKey(text: SQL): SQL {
  const digits = sql`regexp_replace(translate(${text}, '၀၁၂၃၄၅၆၇၈၉', '0123456789'), '([0-9]),(?=[0-9]{3}([^0-9]|$))', '\\1', 'g')`;
  return sql`(select string_agg(case when part[1] ~ '^[0-9]' then lpad(part[1], greatest(30, length(part[1])), '0') else part[1] end, '' order by position) from regexp_matches(${digits}, '[0-9]+|[^0-9]+', 'g') with ordinality as parts(part, position)) collate "C"`;
}

export function createCatalogueRepo(db: Db) {
  function categoryOrder(query: CategoryListQuery): SQL {
    const dir = query.sortOrder === 'desc' ? desc : asc;
    switch (query.sortField) {
      case 'name':
        return dir(sql`${categories.name}->>'en'`);
      case 'createdAt':
        return dir(categories.createdAt);
      case 'order':
        return dir(categories.sortOrder);
    }
  }

  /** What the customer pays: the sale price when there is one. */
  const effectivePrice = sql`coalesce(${products.discountPriceMmk}, ${products.priceMmk})`;

  function productOrder(query: ProductListQuery, lang: Language): SQL[] {
    const dir = query.sortOrder === 'desc' ? desc : asc;
    // The id breaks ties, so equal prices never swap places between pages.
    if (query.sortField !== 'name') return [dir(effectivePrice), asc(products.id)];
    const name = sql`lower(${products.name}->>${lang})`;
    return [dir(naturalSortKey(name)), dir(sql`${name} collate "C"`), asc(products.id)];
  }

  const productColumns = {
    product: products,
    operator: operators,
    category: { id: categories.id, name: categories.name, slug: categories.slug },
    // E-PINs and gift cards are delivered from stock: with no available card they cannot be sold.
    // Cards a pending order holds for its payment window are not in stock (DESIGN §6.5). Cards
    // bought on demand from Reloadly (ADR 0063) need no stock. A top-up or data product mapped to
    // an aggregator amount no longer offered at its last catalogue read is not sold (issue 28).
    hasStock: sql<boolean>`((not ${isCardProductKind(products.kind)} or ${products.source} = 'reloadly' or exists (
      select 1 from ${cards} where ${cards.productId} = ${products.id} and ${freeCard()}))
      and ${products.providerOffered})`,
  };

  // Hot (every cart answer and checkout): prepared once, so neither the SQL text is rebuilt per call
  // nor, on PostgreSQL, the statement parsed again on a connection that has run it.
  const productsByIds = db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(operators, eq(operators.id, products.operatorId))
    .where(
      and(
        sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`,
        ne(products.status, 'archived'),
      ),
    )
    .prepare('catalogue_products_by_ids');

  // Every add of a card product to a cart asks this (the line's unit limit): prepared as well.
  // A product bought on demand (ADR 0063) has no stock to count: its source says so.
  const freeCardsOf = db
    .select({ source: products.source, n: count(cards.id) })
    .from(products)
    .leftJoin(cards, and(eq(cards.productId, products.id), freeCard()))
    .where(eq(products.id, sql.placeholder('productId')))
    .groupBy(products.id)
    .prepare('catalogue_free_cards');

  return {
    async listCategories(
      parentId: string | null,
      query: CategoryListQuery,
    ): Promise<CategoryRow[]> {
      const where = [
        parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId),
      ];
      if (query.isActive !== undefined) where.push(eq(categories.isActive, query.isActive));
      return db
        .select()
        .from(categories)
        .where(and(...where))
        .orderBy(categoryOrder(query), asc(categories.slug));
    },

    async findCategory(id: string): Promise<CategoryRow | undefined> {
      const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
      return row;
    },

    /** By uuid or by slug; anything else is simply not there. */
    async findCategoryByKey(key: string): Promise<CategoryRow | undefined> {
      const where = isUuid(key) ? eq(categories.id, key) : eq(categories.slug, key);
      const [row] = await db.select().from(categories).where(where).limit(1);
      return row;
    },

    /** The category and every category below it (products of sub-categories are listed too). */
    async categoryWithDescendants(rootId: string): Promise<string[]> {
      const all = await db
        .select({ id: categories.id, parentId: categories.parentId })
        .from(categories);
      const ids = [rootId];
      for (let i = 0; i < ids.length; i++) {
        for (const c of all) if (c.parentId === ids[i] && !ids.includes(c.id)) ids.push(c.id);
      }
      return ids;
    },

    async listProducts(
      categoryIds: string[],
      query: ProductListQuery,
      lang: Language,
    ): Promise<{ rows: ProductRow[]; total: number }> {
      const where = and(
        inArray(products.categoryId, categoryIds),
        ne(products.status, 'archived'),
        query.operator ? eq(operators.code, query.operator) : undefined,
      );
      const [totals] = await db
        .select({ total: count() })
        .from(products)
        .leftJoin(operators, eq(operators.id, products.operatorId))
        .where(where);
      const total = totals?.total ?? 0;
      if (total === 0) return { rows: [], total };
      const rows = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(operators, eq(operators.id, products.operatorId))
        .where(where)
        .orderBy(...productOrder(query, lang))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return { rows, total };
    },

    async findProduct(id: string): Promise<ProductRow | undefined> {
      const [row] = await db
        .select(productColumns)
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(operators, eq(operators.id, products.operatorId))
        .where(and(eq(products.id, id), ne(products.status, 'archived')))
        .limit(1);
      return row;
    },

    /**
     * Several products at once (a cart's lines): one statement whatever the number, the card-stock
     * check included. Archived and unknown ids are simply missing from the answer.
     */
    async findProducts(ids: readonly string[]): Promise<ProductRow[]> {
      if (ids.length === 0) return [];
      return productsByIds.execute({ ids });
    },

    /**
     * Cards of a product that can be bought now: sellable and held by no pending order; a cart
     * line's most units for a product bought on demand (ADR 0063).
     */
    async countFreeCards(productId: string): Promise<number> {
      const [row] = await freeCardsOf.execute({ productId });
      if (row?.source === 'reloadly') return CART_QUANTITY_MAX;
      return row?.n ?? 0;
    },

    /** The banners shown on `today` (a Yangon day): active, and not past their end date. */
    async listActiveBanners(today: string): Promise<BannerRow[]> {
      return db
        .select()
        .from(banners)
        .where(
          and(eq(banners.isActive, true), or(isNull(banners.endsOn), gte(banners.endsOn, today))),
        )
        .orderBy(asc(banners.sortOrder), asc(banners.createdAt), asc(banners.id));
    },

    async listExchangeRates(): Promise<ExchangeRateRow[]> {
      return db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
    },
  };
}

export type CatalogueRepo = ReturnType<typeof createCatalogueRepo>;
