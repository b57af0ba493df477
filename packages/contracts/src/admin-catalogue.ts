// Back-office banners, categories and card stock under /api/v1/admin (issue 17): the lists, the
// edits, the card import (the same importer as `npm run stock:import`) and voiding a card.
// Messages are English here, localised by validation-messages.ts (adminCatalogueSchemaMessages)
// in the request's language.

import * as z from 'zod/mini';
import { patchBody } from './patch.ts';
import { listOf, successResponse } from './responses.ts';
import { adminCatalogueSchemaMessages as m } from './admin-catalogue-messages.ts';
import { enumQuery, localized, pageQuery, trimmedText, uuidSchema } from './admin.ts';
import { imageUrlSchema } from './admin-media.ts';
import { isCalendarDay } from './calendar-day.ts';

export const SORT_ORDER_MAX = 1_000_000;
/** The card file's text: at most this many characters (2 MB of CSV). */
export const STOCK_CSV_MAX_CHARS = 2 * 1024 * 1024;

const uuidParam = (message: string) => z.object({ id: uuidSchema(message) });

/** English and Burmese text, each trimmed, of minLength to maxLength characters. */
const localizedInput = (message: string, minLength: number, maxLength: number) => {
  const text = trimmedText(message, minLength, maxLength);
  return z.object({ en: text, my: text }, { error: message });
};

/**
 * Optional words in both languages: null, or English and Burmese of 1 to maxLength characters
 * each (both empty: null; one of them empty: refused, a Burmese page shows no English).
 */
const optionalLocalizedInput = (message: string, maxLength: number) =>
  z.nullable(
    z.pipe(
      localizedInput(message, 0, maxLength),
      z.transform((value, ctx) => {
        if (value.en === '' && value.my === '') return null;
        if (value.en !== '' && value.my !== '') return value;
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }),
    ),
  );

/** A calendar day (YYYY-MM-DD) that exists; '' is null. */
const endsOnSchema = z.nullable(
  z.pipe(
    z.string({ error: m.bannerEndsOn.en }),
    z.transform((value, ctx) => {
      const v = value.trim();
      if (v === '') return null;
      if (isCalendarDay(v)) return v;
      ctx.issues.push({ code: 'custom', message: m.bannerEndsOn.en, input: value });
      return z.NEVER;
    }),
  ),
);

const sortOrderSchema = z
  .int({ error: m.sortOrder.en })
  .check(
    z.minimum(0, { error: m.sortOrder.en }),
    z.maximum(SORT_ORDER_MAX, { error: m.sortOrder.en }),
  );
const activeSchema = z.boolean({ error: m.active.en });

/**
 * Where a banner may lead: an http(s) address, or a path of this site ("/product/…", never
 * "//host" or "/\host", which browsers read as another site). Anything else — javascript:, data:,
 * spaces or control characters — is refused.
 */
export function isSafeBannerLink(value: string): boolean {
  if (value.length > 2000) return false;
  for (const c of value) {
    const code = c.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || c === '\\') return false;
  }
  if (value.startsWith('/')) return !value.startsWith('//');
  return /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?([/?#].*)?$/i.test(
    value,
  );
}

const linkUrlSchema = z.nullable(
  z.pipe(
    z.string({ error: m.linkUrl.en }),
    z.transform((value, ctx) => {
      const v = value.trim();
      if (v === '') return null;
      if (isSafeBannerLink(v)) return v;
      ctx.issues.push({ code: 'custom', message: m.linkUrl.en, input: value });
      return z.NEVER;
    }),
  ),
);
/** A colour written '#rrggbb' (trimmed, lower-cased), else `message`. */
const hexColour = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((value, ctx) => {
      const v = value.trim().toLowerCase();
      if (/^#[0-9a-f]{6}$/.test(v)) return v;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
const tintSchema = z.nullable(hexColour(m.tint.en));

/** GET /api/v1/admin/banners, /categories and /stock: every row, paged (page, limit). */
export const adminCatalogueListQuerySchema = z.object({ ...pageQuery });
export type AdminCatalogueListQuery = z.output<typeof adminCatalogueListQuerySchema>;

// ---------------------------------------------------------------- banners

/** A banner's three pictures: desktop (wide), tablet and phone. */
const bannerImagesSchema = z.object({
  imageUrl: z.string(),
  tabletImageUrl: z.string(),
  mobileImageUrl: z.string(),
});
export type AdminBannerImages = z.output<typeof bannerImagesSchema>;

export const adminBannerSchema = z.object({
  /** A uuid. */
  id: z.string(),
  title: localized,
  description: localized,
  /** null: the banner leads nowhere. */
  linkUrl: z.nullable(z.string()),
  /** Words shown as text over the picture (issue 26); null: none. */
  headline: z.nullable(localized),
  /** The call to action's label, a button to linkUrl; null: no button. */
  ctaLabel: z.nullable(localized),
  /** The last Yangon day the banner shows (YYYY-MM-DD, inclusive); null: no end. */
  endsOn: z.nullable(z.string()),
  sortOrder: z.int(),
  /** Shown on Home. */
  active: z.boolean(),
  /** The header colour while the banner shows ('#rrggbb'); null: taken from the picture. */
  tint: z.nullable(z.string()),
  /** The wide picture (desktop). */
  imageUrl: z.string(),
  tabletImageUrl: z.string(),
  mobileImageUrl: z.string(),
  /** The pictures Burmese readers see in place of the three above (words drawn in Burmese). */
  burmeseImages: z.nullable(bannerImagesSchema),
  updatedAt: z.string(),
});
export type AdminBanner = z.output<typeof adminBannerSchema>;
export const adminBannerListResponseSchema = listOf(adminBannerSchema);

export const adminBannerParamsSchema = uuidParam(m.bannerId.en);

/** PATCH /api/v1/admin/banners/{id}: the fields given change; at least one. */
export const adminBannerPatchSchema = patchBody(
  {
    title: z.optional(localizedInput(m.bannerTitle.en, 1, 120)),
    description: z.optional(localizedInput(m.bannerDescription.en, 0, 500)),
    linkUrl: z.optional(linkUrlSchema),
    /** null (or both texts empty): no words over the picture. */
    headline: z.optional(optionalLocalizedInput(m.bannerHeadline.en, 80)),
    /** null (or both texts empty): no button. */
    ctaLabel: z.optional(optionalLocalizedInput(m.bannerCta.en, 30)),
    /** null or '': the banner has no end. */
    endsOn: z.optional(endsOnSchema),
    sortOrder: z.optional(sortOrderSchema),
    active: z.optional(activeSchema),
    tint: z.optional(tintSchema),
    imageUrl: z.optional(imageUrlSchema),
    tabletImageUrl: z.optional(imageUrlSchema),
    mobileImageUrl: z.optional(imageUrlSchema),
    /** null: Burmese readers see the three pictures above too. */
    burmeseImages: z.optional(
      z.nullable(
        z.object(
          {
            imageUrl: imageUrlSchema,
            tabletImageUrl: imageUrlSchema,
            mobileImageUrl: imageUrlSchema,
          },
          { error: m.burmeseImages.en },
        ),
      ),
    ),
  },
  m.bannerNothingToChange.en,
);
export type AdminBannerPatch = z.output<typeof adminBannerPatchSchema>;

export const adminBannerResponseSchema = successResponse(adminBannerSchema);

// ---------------------------------------------------------------- categories

export const adminCategorySchema = z.object({
  /** A uuid. */
  id: z.string(),
  slug: z.string(),
  name: localized,
  sortOrder: z.int(),
  active: z.boolean(),
  /** Products in the category itself (not its sub-categories), archived ones included. */
  productCount: z.int(),
  /** The parent category's id; null for a top-level category. */
  parentId: z.nullable(z.string()),
  /** Its icon. */
  imageUrl: z.string(),
  updatedAt: z.string(),
});
export type AdminCategory = z.output<typeof adminCategorySchema>;
export const adminCategoryListResponseSchema = listOf(adminCategorySchema);

export const adminCategoryParamsSchema = uuidParam(m.categoryId.en);

/** PATCH /api/v1/admin/categories/{id}: the fields given change; at least one. */
export const adminCategoryPatchSchema = patchBody(
  {
    name: z.optional(localizedInput(m.categoryName.en, 1, 80)),
    sortOrder: z.optional(sortOrderSchema),
    active: z.optional(activeSchema),
    imageUrl: z.optional(imageUrlSchema),
  },
  m.categoryNothingToChange.en,
);
export type AdminCategoryPatch = z.output<typeof adminCategoryPatchSchema>;

export const adminCategoryResponseSchema = successResponse(adminCategorySchema);

// ---------------------------------------------------------------- operators

/** An operator of the shop. The codes are fixed (the phone rules name them): none added or removed. */
export const adminOperatorSchema = z.object({
  /** A uuid. */
  id: z.string(),
  /** MPT, OOREDOO, ATOM, MYTEL or MEC. */
  code: z.string(),
  name: localized,
  logoUrl: z.string(),
  /** '#rrggbb'. */
  brandColor: z.string(),
  updatedAt: z.string(),
});
export type AdminOperator = z.output<typeof adminOperatorSchema>;
export const adminOperatorListResponseSchema = listOf(adminOperatorSchema);

export const adminOperatorParamsSchema = uuidParam(m.operatorId.en);

const brandColorSchema = hexColour(m.brandColor.en);

/** PATCH /api/v1/admin/operators/{id}: the fields given change; at least one. */
export const adminOperatorPatchSchema = patchBody(
  {
    name: z.optional(localizedInput(m.operatorName.en, 1, 60)),
    brandColor: z.optional(brandColorSchema),
    logoUrl: z.optional(imageUrlSchema),
  },
  m.operatorNothingToChange.en,
);
export type AdminOperatorPatch = z.output<typeof adminOperatorPatchSchema>;

export const adminOperatorResponseSchema = successResponse(adminOperatorSchema);

// ---------------------------------------------------------------- card stock

/**
 * POST /api/v1/admin/stock/import: the CSV of `npm run stock:import` (columns product, serial,
 * pin, expiry). commit false checks only; commit true imports every card or, with any row
 * refused, none (409, the refused rows in `fields` as "line.N").
 */
export const adminStockImportSchema = z.object({
  csv: z
    .string({ error: m.stockCsv.en })
    .check(
      z.minLength(1, { error: m.stockCsv.en }),
      z.maxLength(STOCK_CSV_MAX_CHARS, { error: m.stockCsv.en }),
    ),
  commit: z.boolean({ error: m.stockCommit.en }),
});
export type AdminStockImport = z.output<typeof adminStockImportSchema>;

export const adminStockImportResultSchema = z.object({
  /** true: the cards are in stock now. */
  committed: z.boolean(),
  /** Rows that are (or would be) imported. */
  accepted: z.int(),
  /** line 1 is the header; line 0 a file that cannot be read at all. */
  rejected: z.array(z.object({ line: z.int(), reason: z.string() })),
  byProduct: z.array(
    z.object({ productId: z.string(), sku: z.string(), name: localized, cards: z.int() }),
  ),
});
export type AdminStockImportResult = z.output<typeof adminStockImportResultSchema>;
export const adminStockImportResponseSchema = successResponse(adminStockImportResultSchema);

export const adminStockSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: localized,
  /** Sellable now: not expired, held by no pending order. */
  available: z.int(),
  /** Held by a pending order for its payment window. */
  held: z.int(),
  sold: z.int(),
  voided: z.int(),
  /** Of the available cards, those expiring within EXPIRING_WITHIN_DAYS (admin.ts). */
  expiringSoon: z.int(),
  /** Unsold, unvoided cards whose expiry has passed (never sold). */
  expired: z.int(),
});
export type AdminStock = z.output<typeof adminStockSchema>;
export const adminStockListResponseSchema = listOf(adminStockSchema);

export const adminCardParamsSchema = uuidParam(m.cardId.en);

/** POST /api/v1/admin/stock/cards/{id}/void: why the card is taken out of stock for good. */
export const adminCardVoidSchema = z.object({ reason: trimmedText(m.voidReason.en, 3, 200) });
export type AdminCardVoid = z.output<typeof adminCardVoidSchema>;

export const adminCardSchema = z.object({
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  serial: z.string(),
  status: z.enum(['available', 'sold', 'void']),
  expiresAt: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type AdminCard = z.output<typeof adminCardSchema>;
export const adminCardResponseSchema = successResponse(adminCardSchema);

// ---------------------------------------------------------------- cards of a product

/** A card's state as the cards table keeps it. */
export const adminCardStatuses = ['available', 'reserved', 'sold', 'void'] as const;

export const adminProductCardsParamsSchema = z.object({ productId: uuidSchema(m.productId.en) });

/** GET /api/v1/admin/stock/{productId}/cards: newest first, filtered by state, paged. */
export const adminProductCardsQuerySchema = z.object({
  ...pageQuery,
  status: enumQuery(adminCardStatuses, m.cardStatus.en),
});
export type AdminProductCardsQuery = z.output<typeof adminProductCardsQuerySchema>;

/** One card of a product: never its PIN. */
export const adminStockCardSchema = z.object({
  id: z.string(),
  serial: z.string(),
  status: z.enum(adminCardStatuses),
  /** A pending order holds it now (for its payment window): it cannot be voided. */
  held: z.boolean(),
  /** Unsold and past its expiry. */
  expired: z.boolean(),
  expiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type AdminStockCard = z.output<typeof adminStockCardSchema>;
export const adminProductCardsResponseSchema = z.object({
  ...listOf(adminStockCardSchema).shape,
  product: z.object({ id: z.string(), sku: z.string(), name: localized }),
});
export type AdminProductCards = z.output<typeof adminProductCardsResponseSchema>;
