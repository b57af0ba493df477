import type {
  Banner,
  Category,
  CategoryListQuery,
  CategoryRef,
  ExchangeRate,
  OperatorRef,
  Product,
  ProductListQuery,
  ProductListResponse,
} from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import type { OperatorCode } from '@shop/contracts/phone';
import type { ResponseCache } from '../../platform/cache.ts';
import { notFound } from '../../platform/errors.ts';
import type { MediaUrls } from '../../platform/media.ts';
import type {
  BannerRow,
  CatalogueRepo,
  CategoryRow,
  ExchangeRateRow,
  ProductRow,
} from './catalogue.repo.ts';
import { sanitizeImageUrl } from './image-url.ts';
import { isUuid } from '@shop/contracts/ids';

/** Kyat as written on Myanmar price tags. */
const KYAT_SYMBOL = 'Ks';

export function createCatalogueService(
  repo: CatalogueRepo,
  media: MediaUrls,
  cache: ResponseCache,
) {
  const image = (url: string | null | undefined) => sanitizeImageUrl(url, media);

  const toCategory = (row: CategoryRow, lang: Language): Category => ({
    _id: row.id,
    id: row.id,
    name: row.name[lang],
    _nameMultilingual: row.name,
    slug: row.slug,
    isActive: row.isActive,
    order: row.sortOrder,
    imageUrl: image(row.imageUrl),
    icon: image(row.imageUrl),
    parentId: row.parentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  const toCategoryRef = (row: ProductRow['category'], lang: Language): CategoryRef => ({
    _id: row.id,
    id: row.id,
    name: row.name[lang],
    _nameMultilingual: row.name,
    slug: row.slug,
  });

  const toOperator = (row: NonNullable<ProductRow['operator']>, lang: Language): OperatorRef => ({
    id: row.id,
    code: row.code as OperatorCode,
    name: row.name[lang],
    _nameMultilingual: row.name,
    logoUrl: image(row.logoUrl),
    brandColor: row.brandColor,
  });

  const toProduct = (row: ProductRow, lang: Language): Product => {
    const p = row.product;
    const comingSoon = p.status === 'coming_soon';
    const outOfStock = p.status === 'out_of_stock' || !row.hasStock;
    const category = toCategoryRef(row.category, lang);
    return {
      _id: p.id,
      id: p.id,
      sku: p.sku,
      name: p.name[lang],
      title: p.name[lang],
      _nameMultilingual: p.name,
      description: p.description[lang],
      _descriptionMultilingual: p.description,
      kind: p.kind,
      type: p.kind,
      price: p.priceMmk,
      discountPrice: p.discountPriceMmk,
      currency: 'MMK',
      currencySymbol: KYAT_SYMBOL,
      image: image(p.imageUrl),
      imageUrl: image(p.imageUrl),
      status: comingSoon ? 'coming_soon' : outOfStock ? 'out_of_stock' : 'active',
      outOfStock,
      comingSoon,
      operatorId: p.operatorId,
      operator: row.operator ? toOperator(row.operator, lang) : null,
      categoryId: category,
      category,
      faceValue:
        p.faceValueMinor !== null && p.faceCurrency !== null
          ? { amount: p.faceValueMinor, currency: p.faceCurrency }
          : null,
      topupAmount: p.topupAmountMmk,
      dataMb: p.dataMb,
      validityDays: p.validityDays,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  };

  const toBanner = (row: BannerRow, lang: Language): Banner => {
    // A banner whose words are in its picture has pictures per language.
    const images = row.localizedImages?.[lang] ?? row;
    return {
      _id: row.id,
      id: row.id,
      title: row.title[lang],
      _titleMultilingual: row.title,
      description: row.description[lang],
      _descriptionMultilingual: row.description,
      imageUrl: image(images.imageUrl),
      mobileImageUrl: image(images.mobileImageUrl),
      tabletImageUrl: image(images.tabletImageUrl),
      linkUrl: row.linkUrl,
      headline: row.headline?.[lang] ?? null,
      ctaLabel: row.ctaLabel?.[lang] ?? null,
      tint: row.tint,
    };
  };

  const toExchangeRate = (row: ExchangeRateRow): ExchangeRate => ({
    currency: row.currency,
    symbol: row.symbol,
    rate: Number(row.rate),
    status: row.isActive ? 'active' : 'inactive',
    baseCurrency: row.baseCurrency,
    lastUpdated: row.updatedAt.toISOString(),
  });

  return {
    async listParentCategories(query: CategoryListQuery, lang: Language): Promise<Category[]> {
      const rows = await repo.listCategories(null, query);
      return rows.map((r) => toCategory(r, lang));
    },

    async listChildCategories(
      parentId: string,
      query: CategoryListQuery,
      lang: Language,
    ): Promise<Category[]> {
      if (!(await repo.findCategory(parentId))) throw notFound('Category not found');
      const rows = await repo.listCategories(parentId, query);
      return rows.map((r) => toCategory(r, lang));
    },

    /** One page of a category's products (its sub-categories' included); key is its id or slug. */
    async listProducts(
      categoryKey: string,
      query: ProductListQuery,
      lang: Language,
    ): Promise<Omit<ProductListResponse, 'success'>> {
      const category = await repo.findCategoryByKey(categoryKey);
      if (!category) throw notFound('Category not found');
      const ids = await repo.categoryWithDescendants(category.id);
      const { rows, total } = await repo.listProducts(ids, query, lang);
      return {
        data: rows.map((r) => toProduct(r, lang)),
        meta: {
          page: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          total,
          limit: query.limit,
        },
      };
    },

    async getProduct(id: string, lang: Language): Promise<Product> {
      const row = isUuid(id) ? await repo.findProduct(id) : undefined;
      if (!row) throw notFound('Product not found');
      return toProduct(row, lang);
    },

    /**
     * The products of these ids as the database has them now, by id, in one query whatever their
     * number (cart pricing). Ids that are not uuids, unknown or archived are absent from the map.
     */
    async getProducts(ids: Iterable<string>, lang: Language): Promise<Map<string, Product>> {
      const wanted = [
        ...new Set([...ids].filter((id) => isUuid(id)).map((id) => id.toLowerCase())),
      ];
      const rows = await repo.findProducts(wanted);
      return new Map(rows.map((r) => [r.product.id, toProduct(r, lang)]));
    },

    /** How many units of a card product (E-PIN, gift card) can be bought now (DESIGN §6.5). */
    freeCards(productId: string): Promise<number> {
      return repo.countFreeCards(productId);
    },

    /** Home's banners on `today` (a Yangon day, YYYY-MM-DD): ended ones are left out. */
    async listBanners(lang: Language, today: string): Promise<Banner[]> {
      const rows = await repo.listActiveBanners(today);
      return rows.map((r) => toBanner(r, lang));
    },

    async listExchangeRates(): Promise<ExchangeRate[]> {
      const rows = await repo.listExchangeRates();
      return rows.map(toExchangeRate);
    },

    /**
     * Call after any write to categories, operators, products, card stock, banners or exchange
     * rates (seed, import, admin, a sale taking the last card): drops cached answers here and,
     * with Redis, on every other instance.
     */
    catalogueChanged(): Promise<void> {
      return cache.invalidate();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** CatalogueService.catalogueChanged of this app, for write paths outside the module. */
    catalogueChanged(): Promise<void>;
  }
}
