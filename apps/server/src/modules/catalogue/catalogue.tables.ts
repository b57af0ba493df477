import { productKinds } from '@shop/contracts/catalogue';
import { cardProductKinds } from '@shop/contracts/orders';
import { inArray, sql, type Column, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow, uuidRef } from '../../platform/columns.ts';
import type { Language, LocalizedText } from '@shop/contracts/i18n';

const timestamps = {
  createdAt: createdAtNow(),
  updatedAt: updatedAtNow(),
};

export const categories = pgTable(
  'categories',
  {
    id: primaryId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>(),
    imageUrl: text('image_url').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parentId, t.sortOrder),
  ],
);

export const operators = pgTable('operators', {
  id: primaryId(),
  /** MPT, OOREDOO, ATOM, MYTEL, MEC: the same codes as the phone rules in @shop/contracts. */
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  logoUrl: text('logo_url').notNull(),
  brandColor: text('brand_color').notNull(),
  ...timestamps,
});

/** What a product delivers decides how it is fulfilled (DESIGN §6.4). */
export const productKind = pgEnum('product_kind', productKinds);

/**
 * Whether a product's kind column says it is sold as cards (E-PINs, gift cards): contracts'
 * cardProductKinds in SQL, the one list (issue 30).
 */
export const isCardProductKind = (kind: Column): SQL => inArray(kind, [...cardProductKinds]);
export const productStatus = pgEnum('product_status', [
  'active',
  'out_of_stock',
  'coming_soon',
  'archived',
]);

/**
 * Where a card product's cards come from (ADR 0063): `stock` imported by the shop, or `reloadly`,
 * bought from Reloadly Gift Cards when an order is fulfilled.
 */
export const productSource = pgEnum('product_source', ['stock', 'reloadly']);

export const products = pgTable(
  'products',
  {
    id: primaryId(),
    categoryId: uuidRef('category_id', () => categories.id),
    operatorId: uuid('operator_id').references(() => operators.id),
    kind: productKind('kind').notNull(),
    sku: text('sku').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** Selling price in whole kyat (DESIGN §4: integer MMK, never floats). */
    priceMmk: integer('price_mmk').notNull(),
    /** Optional sale price in whole kyat, below priceMmk. */
    discountPriceMmk: integer('discount_price_mmk'),
    /** Face value of gift cards in their own currency, in minor units (US$10 → 1000, "USD"). */
    faceValueMinor: integer('face_value_minor'),
    faceCurrency: text('face_currency'),
    /** Top-up amount credited to the phone in kyat, or data volume in MB, for E-load products. */
    topupAmountMmk: integer('topup_amount_mmk'),
    dataMb: integer('data_mb'),
    validityDays: integer('validity_days'),
    /**
     * False while the aggregator no longer offers the amount this top-up or data product is mapped
     * to (issue 28): it is not sold until offered again. Kept by the topup-account module through
     * setProviderOffered (product-supply.ts).
     */
    providerOffered: boolean('provider_offered').notNull().default(true),
    imageUrl: text('image_url').notNull(),
    /** How to redeem the product (dial code, store steps), shown with the delivered cards. */
    instructions: jsonb('instructions').$type<LocalizedText>(),
    status: productStatus('status').notNull().default('active'),
    sortOrder: integer('sort_order').notNull().default(0),
    source: productSource('source').notNull().default('stock'),
    /** Reloadly's gift-card product id and the unit price ordered (its currency), for `reloadly`. */
    reloadlyProductId: integer('reloadly_product_id'),
    reloadlyUnitPrice: numeric('reloadly_unit_price', { precision: 12, scale: 2 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_sku_key').on(t.sku),
    check(
      'products_reloadly_source_whole',
      sql`${t.source} = 'stock' or (${t.kind} in ('epin', 'giftcard') and ${t.reloadlyProductId} > 0 and ${t.reloadlyUnitPrice} > 0)`,
    ),
    index('products_category_idx').on(t.categoryId, t.priceMmk),
    check('products_price_positive', sql`${t.priceMmk} > 0`),
    check(
      'products_discount_below_price',
      sql`${t.discountPriceMmk} is null or (${t.discountPriceMmk} > 0 and ${t.discountPriceMmk} < ${t.priceMmk})`,
    ),
  ],
);

/** void: taken out of stock by the shop (issue 17) and never sold afterwards. */
export const cardStatus = pgEnum('card_status', ['available', 'reserved', 'sold', 'void']);

/** E-PIN and gift-card stock. PINs are AES-256-GCM ciphertext (platform/crypto.ts). */
export const cards = pgTable(
  'cards',
  {
    id: primaryId(),
    productId: uuidRef('product_id', () => products.id),
    serial: text('serial').notNull(),
    pinEncrypted: text('pin_encrypted').notNull(),
    expiresAt: moment('expires_at'),
    status: cardStatus('status').notNull().default('available'),
    soldAt: moment('sold_at'),
    /**
     * The pending order that holds this card for its payment window (DESIGN §6.5): nobody else can
     * reserve or buy it until `reservedUntil` has passed or the order is cancelled or expired. No
     * foreign key: orders.tables.ts already imports this file (products); the order id is only
     * ever written by the checkout in the order's own transaction.
     */
    reservedOrderId: uuid('reserved_order_id'),
    reservedUntil: moment('reserved_until'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cards_product_serial_key').on(t.productId, t.serial),
    index('cards_available_idx').on(t.productId, t.status),
    index('cards_reserved_order_idx').on(t.reservedOrderId),
    check(
      'cards_reservation_whole',
      sql`(${t.reservedOrderId} is null) = (${t.reservedUntil} is null)`,
    ),
  ],
);

/** A banner's three images (wide, phone, tablet). */
export interface BannerImages {
  imageUrl: string;
  mobileImageUrl: string;
  tabletImageUrl: string;
}
export type LocalizedBannerImages = Partial<Record<Language, BannerImages>>;

export const banners = pgTable(
  'banners',
  {
    id: primaryId(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url').notNull(),
    mobileImageUrl: text('mobile_image_url').notNull(),
    tabletImageUrl: text('tablet_image_url').notNull(),
    /**
     * The images of a language whose words are drawn in the picture (a Burmese banner's text), in
     * place of the three above for that language; null or a language left out: the three above.
     */
    localizedImages: jsonb('localized_images').$type<LocalizedBannerImages>(),
    linkUrl: text('link_url').notNull(),
    /**
     * Words shown as text over the picture, per language (issue 26: text a device can always
     * draw, never Burmese glyphs in a picture); null: the picture carries no words of ours.
     */
    headline: jsonb('headline').$type<LocalizedText>(),
    /** The call to action's words, per language: a real button to linkUrl; null: no button. */
    ctaLabel: jsonb('cta_label').$type<LocalizedText>(),
    /** The last Yangon day the banner shows (inclusive); null: no end. */
    endsOn: date('ends_on', { mode: 'string' }),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The header colour while the banner shows ('#rrggbb'); null: taken from its picture. */
    tint: text('tint'),
    ...timestamps,
  },
  (t) => [check('banners_tint_hex', sql`${t.tint} is null or ${t.tint} ~ '^#[0-9a-f]{6}$'`)],
);

export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  symbol: text('symbol').notNull(),
  /** Kyat per one unit of the currency; a decimal kept exact as numeric, read as a string. */
  rate: numeric('rate', { precision: 18, scale: 4 }).notNull(),
  baseCurrency: text('base_currency').notNull().default('MMK'),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});
