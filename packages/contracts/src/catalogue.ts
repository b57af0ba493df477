import * as z from 'zod/mini';
import { dataResponse, paginationMetaSchema } from './responses.ts';
import { pageQueryFields } from './whole-query.ts';
import { localizedTextSchema } from './i18n.ts';
import { operatorCodes } from './phone.ts';

export const categorySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  slug: z.string(),
  isActive: z.boolean(),
  order: z.int(),
  imageUrl: z.string(),
  icon: z.string(),
  parentId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.output<typeof categorySchema>;

export const categoryListResponseSchema = dataResponse(z.array(categorySchema));
export type CategoryListResponse = z.output<typeof categoryListResponseSchema>;

const booleanQuery = z.pipe(
  z.enum(['true', 'false'], { error: 'isActive must be true or false' }),
  z.transform((v) => v === 'true'),
);

export const categoryListQuerySchema = z.object({
  isActive: z.optional(booleanQuery),
  sortField: z._default(
    z.enum(['order', 'name', 'createdAt'], { error: 'sortField must be order, name or createdAt' }),
    'order',
  ),
  sortOrder: z._default(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }), 'asc'),
});
export type CategoryListQuery = z.output<typeof categoryListQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Products (shopping spec §3 "Product", §7 "Catalogue")
// ---------------------------------------------------------------------------------------------

/** What a product delivers; decides how it is fulfilled (DESIGN §6.4). */
export const productKinds = ['topup', 'data', 'epin', 'giftcard'] as const;
export type ProductKind = (typeof productKinds)[number];

/** Sellable states shown to customers (archived products are never answered). */
export const productStatuses = ['active', 'out_of_stock', 'coming_soon'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const operatorRefSchema = z.object({
  id: z.string(),
  /** MPT, OOREDOO, ATOM, MYTEL, MEC: the codes of the phone rules (phone.ts). */
  code: z.enum(operatorCodes),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  logoUrl: z.string(),
  brandColor: z.string(),
});
export type OperatorRef = z.output<typeof operatorRefSchema>;

/** The category a product belongs to ("categoryId (object with name)"). */
export const categoryRefSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  slug: z.string(),
});
export type CategoryRef = z.output<typeof categoryRefSchema>;

/**
 * A gift card's face value in the card's own currency, minor units (US$10 → {1000, 'USD'}): on
 * the product, the cart line, the delivered card and the shared card alike.
 */
export const faceValueSchema = z.object({ amount: z.int(), currency: z.string() });
export type FaceValue = z.output<typeof faceValueSchema>;

export const productSchema = z.object({
  _id: z.string(),
  id: z.string(),
  sku: z.string(),
  /** Name in the request language; `title` is the same text (the spec names both). */
  name: z.string(),
  title: z.string(),
  _nameMultilingual: localizedTextSchema,
  description: z.string(),
  _descriptionMultilingual: localizedTextSchema,
  kind: z.enum(productKinds),
  /** Same as kind; the cart item calls it `type`. */
  type: z.enum(productKinds),
  /** Selling price in whole kyat (integer MMK, DESIGN §4). */
  price: z.int(),
  /** Sale price in whole kyat, below price, or null. What the customer pays is discountPrice ?? price. */
  discountPrice: z.nullable(z.int()),
  currency: z.literal('MMK'),
  currencySymbol: z.string(),
  /** Absolute image URL, sanitised (spec §5); `image` is the same URL. */
  image: z.string(),
  imageUrl: z.string(),
  status: z.enum(productStatuses),
  /** In stock when false. */
  outOfStock: z.boolean(),
  comingSoon: z.boolean(),
  operatorId: z.nullable(z.string()),
  operator: z.nullable(operatorRefSchema),
  /** The spec's "categoryId (object with name)"; `category` is the same object. */
  categoryId: categoryRefSchema,
  category: categoryRefSchema,
  /** Gift cards: their face value (faceValueSchema); else null. */
  faceValue: z.nullable(faceValueSchema),
  /** E-load top-ups: kyat credited to the phone. */
  topupAmount: z.nullable(z.int()),
  /** Data packages: volume in MB and validity in days. */
  dataMb: z.nullable(z.int()),
  validityDays: z.nullable(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.output<typeof productSchema>;

/**
 * A product as a saved recipient or a "Top me up" request names it: enough to show it and put it
 * in the cart.
 */
export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  /** What it costs now (the sale price when there is one), whole kyat. */
  price: z.int(),
  /** False when withdrawn or sold out: shown, not offered. */
  available: z.boolean(),
});
export type ProductSummary = z.output<typeof productSummarySchema>;

export const PRODUCT_LIMIT_DEFAULT = 10;
export const PRODUCT_LIMIT_MAX = 50;

const operatorCodeMessage = `operator must be one of ${operatorCodes.join(', ')}`;

/**
 * GET /api/v1/products/category/{categoryId} query (spec §7: page 1, limit 10, sortField price,
 * sortOrder asc). The four sorts of the listing: price asc/desc, name asc/desc. Price sorts by what
 * the customer pays (discountPrice ?? price); name sorts by the name in the request language; ties
 * are broken by id so pages never overlap.
 */
export const productListQuerySchema = z.object({
  ...pageQueryFields(
    {
      page: 'page must be a whole number of at least 1',
      limit: `limit must be a whole number from 1 to ${PRODUCT_LIMIT_MAX}`,
    },
    PRODUCT_LIMIT_DEFAULT,
    PRODUCT_LIMIT_MAX,
  ),
  sortField: z._default(
    z.enum(['price', 'name'], { error: 'sortField must be price or name' }),
    'price',
  ),
  sortOrder: z._default(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }), 'asc'),
  /** Operator filter by code, any letter case (mpt, MPT). */
  operator: z.optional(
    z.pipe(
      z.pipe(
        z.string({ error: operatorCodeMessage }),
        z.transform((value: string) => value.trim().toUpperCase()),
      ),
      z.enum(operatorCodes, { error: operatorCodeMessage }),
    ),
  ),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

export { paginationMetaSchema };
export type { PaginationMeta } from './responses.ts';

export const productListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(productSchema),
  meta: paginationMetaSchema,
});
export type ProductListResponse = z.output<typeof productListResponseSchema>;

export const productResponseSchema = dataResponse(productSchema);
export type ProductResponse = z.output<typeof productResponseSchema>;

/**
 * Path parameter of the product listing: a category id (uuid) or its slug (mobile-topup,
 * data-package…), so the web can call it with the /product/{categorySlug} route's slug directly.
 * Products of the category's sub-categories are included.
 */
export const categoryKeyParamsSchema = z.object({ categoryId: z.string() });

// ---------------------------------------------------------------------------------------------
// Banners (spec §3 "Banner ad", §7 GET /api/v1/ads/banner)
// ---------------------------------------------------------------------------------------------

export const bannerSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  _titleMultilingual: localizedTextSchema,
  description: z.string(),
  _descriptionMultilingual: localizedTextSchema,
  imageUrl: z.string(),
  mobileImageUrl: z.string(),
  tabletImageUrl: z.string(),
  /** As stored; the web opens it only when it is a safe URL ('Invalid or unsafe URL'). */
  linkUrl: z.string(),
  /**
   * Words the web shows as text over the picture, in the request's language (issue 26); null or
   * absent: the picture carries no words of the shop's.
   */
  headline: z.optional(z.nullable(z.string())),
  /** The call to action's label: a real button to linkUrl; null or absent: no button. */
  ctaLabel: z.optional(z.nullable(z.string())),
  /**
   * The header colour the shop chose for this banner ('#rrggbb', issue 17's back-office); null
   * or absent: the web takes it from the picture.
   */
  tint: z.optional(z.nullable(z.string())),
});
export type Banner = z.output<typeof bannerSchema>;

export const bannerListResponseSchema = z.object({
  success: z.literal(true),
  ads: z.array(bannerSchema),
});
export type BannerListResponse = z.output<typeof bannerListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Exchange rates (spec §3 "Exchange rate")
// ---------------------------------------------------------------------------------------------

export const exchangeRateSchema = z.object({
  currency: z.string(),
  symbol: z.string(),
  /** Units of baseCurrency (kyat) per one unit of currency; up to 4 decimals. */
  rate: z.number(),
  status: z.enum(['active', 'inactive']),
  baseCurrency: z.string(),
  /** ISO 8601 timestamp of the last change. */
  lastUpdated: z.string(),
});
export type ExchangeRate = z.output<typeof exchangeRateSchema>;

export const exchangeRateListResponseSchema = dataResponse(z.array(exchangeRateSchema));
export type ExchangeRateListResponse = z.output<typeof exchangeRateListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Call centre (spec §3 "Contact info / call-centre config", §9 Monday-Friday 09:00-17:00 Asia/Yangon)
// ---------------------------------------------------------------------------------------------

export const businessHoursSchema = z.object({
  /** "HH:MM", 24-hour clock, in `timezone`. */
  start: z.string(),
  end: z.string(),
  /** ISO weekdays: 1 = Monday … 7 = Sunday. */
  workingDays: z.array(z.int()),
  /** IANA zone, Asia/Yangon. */
  timezone: z.string(),
});
export type BusinessHours = z.output<typeof businessHoursSchema>;

export const callCentreContactSchema = z.object({
  phone: z.string(),
  email: z.string(),
  /** Viber number, when the shop offers one. */
  viber: z.optional(z.string()),
  hours: businessHoursSchema,
});
export type CallCentreContact = z.output<typeof callCentreContactSchema>;

export const callCentreContactResponseSchema = dataResponse(callCentreContactSchema);
export type CallCentreContactResponse = z.output<typeof callCentreContactResponseSchema>;

export { defaultBusinessHours, isAroundTheClock, isCallCentreOpen } from './business-hours.ts';
