// Back-office calls under /api/v1/admin (issue 17): staff sign-in and the lists. Zod schemas shared
// by the server and the web back-office; messages are English here, localised by
// validation-messages.ts (adminSchemaMessages) in the request's language.

import * as z from 'zod/mini';
import { patchBody } from './patch.ts';
import { listOf, successResponse } from './responses.ts';
import { imageUrlSchema } from './admin-media.ts';
import { adminSchemaMessages as m } from './admin-schema-messages.ts';
import { isCalendarDay } from './calendar-day.ts';
import { emailSchema, membershipTierNames, userSchema } from './auth.ts';
import { productKinds } from './catalogue.ts';
import { localizedTextSchema } from './i18n.ts';
import { isCardKind, orderDisplayStatuses } from './orders.ts';
import { operatorCodes } from './phone.ts';
import { UUID_PATTERN } from './ids.ts';
import { pageQueryFields } from './whole-query.ts';

/** The roles that may enter the back-office, lowest first. */
export const staffRoles = ['support', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A staff session dies after this long without a call (issue 17: "15 min idle"). */
export const STAFF_IDLE_SECONDS = 15 * 60;
/** …and this long after sign-in whatever the activity (one working day). */
export const STAFF_SESSION_MAX_SECONDS = 12 * 60 * 60;
/** Between step one (password) and step two (code) of a sign-in. */
export const STAFF_CHALLENGE_SECONDS = 5 * 60;
/** Wrong codes a sign-in ticket takes before it dies. */
export const STAFF_CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;

export const ADMIN_LIMIT_DEFAULT = 20;
export const ADMIN_LIMIT_MAX = 100;

/**
 * An id in a back-office path or body. A pattern, not z.uuid (nor z.record below):
 * the web build keeps one copy of zod, shared by the shop's pages, so every zod function the
 * back-office's schemas use would be loaded by every customer too (ADR 0038).
 */
export const uuidSchema = (message: string) =>
  z.string({ error: message }).check(z.regex(UUID_PATTERN, { error: message }));

const challengeTokenSchema = z
  .string({ error: m.challengeRequired.en })
  .check(
    z.minLength(1, { error: m.challengeRequired.en }),
    z.maxLength(200, { error: m.challengeRequired.en }),
  );
const totpCodeSchema = z
  .string({ error: m.totpCode.en })
  .check(z.regex(/^\s*\d{6}\s*$/, { error: m.totpCode.en }));

// ---------------------------------------------------------------- staff sign-in

export const staffLoginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: m.challengeRequired.en })
    .check(
      z.minLength(1, { error: m.challengeRequired.en }),
      z.maxLength(1024, { error: m.challengeRequired.en }),
    ),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequestSchema>;

export const staffLoginResponseSchema = successResponse(
  z.object({
    /** Step two's ticket: POST it with a code (or to enrol, or with a recovery code). */
    challengeToken: z.string(),
    expiresIn: z.int(),
    /** false: the authenticator must be set up first (enrol, then enrol/confirm). */
    totpEnrolled: z.boolean(),
  }),
);

export const staffChallengeRequestSchema = z.object({ challengeToken: challengeTokenSchema });
export const staffTotpRequestSchema = z.object({
  challengeToken: challengeTokenSchema,
  code: totpCodeSchema,
});
export type StaffTotpRequest = z.input<typeof staffTotpRequestSchema>;
export const staffRecoveryRequestSchema = z.object({
  challengeToken: challengeTokenSchema,
  recoveryCode: z
    .string({ error: m.recoveryCode.en })
    .check(
      z.minLength(1, { error: m.recoveryCode.en }),
      z.maxLength(64, { error: m.recoveryCode.en }),
    ),
});

export const staffEnrolResponseSchema = successResponse(
  z.object({
    /** otpauth://totp/... for authenticator apps. */
    otpauthUri: z.string(),
    /** The same URI as a QR code: an SVG image. */
    qrSvg: z.string(),
    /** The Base32 secret, for typing in when the camera cannot scan. */
    secret: z.string(),
    /** Shown once; each signs in once in place of a code. */
    recoveryCodes: z.array(z.string()),
  }),
);

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
});
export type StaffMember = z.output<typeof staffMemberSchema>;

export const staffSessionResponseSchema = successResponse(
  z.object({
    /** Sent as `Authorization: Bearer <sessionToken>` on /api/v1/admin calls. */
    sessionToken: z.string(),
    /** Seconds without a call before the session ends (each call restarts the count). */
    idleTimeout: z.int(),
    staff: staffMemberSchema,
    recoveryCodesLeft: z.int(),
  }),
);

export const staffMeResponseSchema = successResponse(staffMemberSchema);

// ---------------------------------------------------------------- lists

export const pageQuery = pageQueryFields(
  { page: m.page.en, limit: m.limit.en },
  ADMIN_LIMIT_DEFAULT,
  ADMIN_LIMIT_MAX,
);
export const searchText = z.optional(
  z.pipe(
    z.string({ error: m.search.en }).check(z.maxLength(100, { error: m.search.en })),
    z.transform((v) => v.trim() || undefined),
  ),
);
/** Text trimmed at both ends, of minLength to maxLength characters, else `message`. */
export const trimmedText = (message: string, minLength: number, maxLength: number) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((value, ctx) => {
      const v = value.trim();
      if (v.length >= minLength && v.length <= maxLength) return v;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
/** A calendar day (YYYY-MM-DD, trimmed) that exists, read in Asia/Yangon, else `message`. */
export const dayInput = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((value, ctx) => {
      const v = value.trim();
      if (isCalendarDay(v)) return v;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
/** A calendar day (YYYY-MM-DD), read in Asia/Yangon (DESIGN §4). */
const dayQuery = z.optional(
  z.pipe(
    z.string({ error: m.date.en }),
    z.transform((value, ctx) => {
      const v = value.trim();
      if (v === '') return undefined;
      if (isCalendarDay(v)) return v;
      ctx.issues.push({ code: 'custom', message: m.date.en, input: value });
      return z.NEVER;
    }),
  ),
);
export const enumQuery = <T extends string>(values: readonly T[], message: string) =>
  z.optional(
    z.pipe(
      z.string({ error: message }),
      z.transform((value, ctx) => {
        const v = value.trim().toLowerCase();
        if (v === '' || v === 'all') return undefined;
        if ((values as readonly string[]).includes(v)) return v as T;
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }),
    ),
  );

/** A list searched by text (`q`) and filtered by one state (`status`), page by page. */
export const searchQuery = <T extends string>(states: readonly T[], message: string) =>
  z.object({ ...pageQuery, q: searchText, status: enumQuery(states, message) });

export const adminOrderStatuses = [
  'pending',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export const adminProductStatuses = ['active', 'out_of_stock', 'coming_soon', 'archived'] as const;

/** GET /api/v1/admin/orders: every filter optional, combined with AND; newest first. */
export const adminOrderListQuerySchema = z.object({
  ...pageQuery,
  orderNumber: searchText,
  email: searchText,
  /** The buyer's account phone, in any form the shop accepts (09…, 959…, +959…). */
  phone: searchText,
  /** A top-up or data line's recipient number, in any form. */
  recipient: searchText,
  status: enumQuery(adminOrderStatuses, m.orderStatus.en),
  from: dayQuery,
  to: dayQuery,
});
export type AdminOrderListQuery = z.output<typeof adminOrderListQuerySchema>;

/** q: part of the SKU or of the name in either language. */
export const adminProductListQuerySchema = searchQuery(adminProductStatuses, m.productStatus.en);
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

export const adminCustomerListQuerySchema = z.object({
  ...pageQuery,
  /** Part of the name, email or phone number. */
  q: searchText,
});
export type AdminCustomerListQuery = z.output<typeof adminCustomerListQuerySchema>;

export const adminAuditQuerySchema = z.object({
  ...pageQuery,
  /** The actor's email (exact, any case) or part of it. */
  actor: searchText,
  action: searchText,
  from: dayQuery,
  to: dayQuery,
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

/** English and Burmese text: the back-office's short name for localizedTextSchema. */
export const localized = localizedTextSchema;

/** A customer's tier as support sees it (issue 31): priority service for the higher tiers. */
export const adminMembershipSchema = z.object({
  tier: z.enum(membershipTierNames),
  /** Answered first (auth.ts prioritySupportTiers). */
  prioritySupport: z.boolean(),
  /** Percent off every order. */
  discountPercent: z.number(),
});
export type AdminMembership = z.output<typeof adminMembershipSchema>;

export const adminOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(adminOrderStatuses),
  /** The status as shown (ADR 0051): a failed order some of whose lines arrived is partly delivered. */
  shownStatus: z.enum(orderDisplayStatuses),
  paymentStatus: z.string(),
  paymentMethod: z.nullable(z.string()),
  totalMmk: z.int(),
  email: z.nullable(z.string()),
  customer: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
  }),
  recipients: z.array(z.string()),
  itemCount: z.int(),
  createdAt: z.string(),
  paidAt: z.nullable(z.string()),
});
export type AdminOrder = z.output<typeof adminOrderSchema>;

/** Where a card product's codes come from (ADR 0063): imported stock, or bought from Reloadly. */
export const productSources = ['stock', 'reloadly'] as const;
export type ProductSource = (typeof productSources)[number];

export const adminProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  name: localized,
  kind: z.string(),
  category: localized,
  operator: z.nullable(z.string()),
  description: localized,
  sortOrder: z.int(),
  priceMmk: z.int(),
  discountPriceMmk: z.nullable(z.int()),
  status: z.enum(adminProductStatuses),
  imageUrl: z.string(),
  /** How to redeem (E-PINs and gift cards), or null. */
  instructions: z.nullable(localized),
  /** Cards on hand (E-PINs and gift cards); null for top-ups and data. */
  availableCards: z.nullable(z.int()),
  /** Where a card's codes come from: imported stock, or bought on demand from Reloadly (ADR 0063). */
  source: z.enum(productSources),
  /** Reloadly's gift-card product id and unit price (its currency, "10.00"), or null. */
  reloadlyProductId: z.nullable(z.int()),
  reloadlyUnitPrice: z.nullable(z.string()),
  updatedAt: z.string(),
});
export type AdminProduct = z.output<typeof adminProductSchema>;

/**
 * An account as the back-office lists it: the customer's own (userSchema, without the spec's `_id`),
 * with their orders' count and sum and whether the shop blocked them.
 */
export const adminCustomerSchema = z.extend(z.omit(userSchema, { _id: true }), {
  orderCount: z.int(),
  spentMmk: z.int(),
  /** Blocked by the shop: cannot log in, refresh or check out (issue 17). */
  blocked: z.boolean(),
});
export type AdminCustomer = z.output<typeof adminCustomerSchema>;

export const auditEntrySchema = z.object({
  id: z.int(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
  address: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const adminOrderListResponseSchema = listOf(adminOrderSchema);
export const adminProductListResponseSchema = listOf(adminProductSchema);
export const adminCustomerListResponseSchema = listOf(adminCustomerSchema);
export const auditListResponseSchema = listOf(auditEntrySchema);

// ---------------------------------------------------------------- dashboard

const salesSchema = z.object({ orders: z.int(), kyat: z.int() });
const salesWindowSchema = z.object({
  ...salesSchema.shape,
  byCategory: z.array(z.object({ category: localized, ...salesSchema.shape })),
  byOperator: z.array(z.object({ operator: z.nullable(z.string()), ...salesSchema.shape })),
});

export const dashboardResponseSchema = successResponse(
  z.object({
    /** Paid orders by payment time; "today" is the calendar day in Asia/Yangon. */
    sales: z.object({
      today: salesWindowSchema,
      days7: salesWindowSchema,
      days30: salesWindowSchema,
    }),
    /** Orders per status name (an object of counts). */
    ordersByStatus: z.catchall(z.object({}), z.int()),
    refundsPending: z.object({ count: z.int(), kyat: z.int() }),
    unconfirmedTopups: z.int(),
    /** Payments whose provider never reported on them and nobody has resolved (ADR 0059). */
    unknownPayments: z.int(),
    lowStock: z.array(
      z.object({ productId: z.string(), sku: z.string(), name: localized, available: z.int() }),
    ),
    expiringCards: z.array(
      z.object({
        productId: z.string(),
        sku: z.string(),
        name: localized,
        count: z.int(),
        firstExpiry: z.string(),
      }),
    ),
    failedJobs: z.int(),
  }),
);
export type Dashboard = z.output<typeof dashboardResponseSchema>['data'];

/** Cards on hand at or below this many count as low stock. */
export const LOW_STOCK_THRESHOLD = 10;
/** Cards expiring within this many days count as soon-expiring. */
export const EXPIRING_WITHIN_DAYS = 30;

// ---------------------------------------------------------------- product edit

export const adminProductParamsSchema = z.object({
  id: uuidSchema(m.productId.en),
});

const priceSchema = z
  .int({ error: m.price.en })
  .check(z.minimum(1, { error: m.price.en }), z.maximum(10_000_000, { error: m.price.en }));

const productNameSchema = z.object(
  {
    en: z
      .string({ error: m.productName.en })
      .check(
        z.trim(),
        z.minLength(1, { error: m.productName.en }),
        z.maxLength(120, { error: m.productName.en }),
      ),
    my: z
      .string({ error: m.productName.en })
      .check(
        z.trim(),
        z.minLength(1, { error: m.productName.en }),
        z.maxLength(120, { error: m.productName.en }),
      ),
  },
  { error: m.productName.en },
);
const productDescriptionSchema = z.object(
  {
    en: z
      .string({ error: m.productDescription.en })
      .check(z.trim(), z.maxLength(2000, { error: m.productDescription.en })),
    my: z
      .string({ error: m.productDescription.en })
      .check(z.trim(), z.maxLength(2000, { error: m.productDescription.en })),
  },
  { error: m.productDescription.en },
);
/** One language of the redeem instructions: trimmed, 1 to 1,000 characters. */
const productInstructionText = z
  .string({ error: m.productInstructions.en })
  .check(
    z.trim(),
    z.minLength(1, { error: m.productInstructions.en }),
    z.maxLength(1000, { error: m.productInstructions.en }),
  );
/**
 * How to redeem an E-PIN or gift card (dial code, store steps), shown with its delivered codes on
 * the order page, in the e-mail and the PDF: both languages, or null for none.
 */
const productInstructionsSchema = z.nullable(
  z.object(
    { en: productInstructionText, my: productInstructionText },
    { error: m.productInstructions.en },
  ),
);

/** One of the shop's operators by code, or null: a product of no operator (gift cards). */
const productOperatorSchema = z.nullable(z.enum(operatorCodes, { error: m.productOperator.en }));
const sortOrderSchema = z
  .int({ error: m.sortOrder.en })
  .check(z.minimum(0, { error: m.sortOrder.en }), z.maximum(100_000, { error: m.sortOrder.en }));

/** Reloadly's gift-card product id: a whole number from 1. */
const reloadlyProductIdSchema = z
  .int({ error: m.reloadlyProduct.en })
  .check(
    z.minimum(1, { error: m.reloadlyProduct.en }),
    z.maximum(2_000_000_000, { error: m.reloadlyProduct.en }),
  );
/** The unit price Reloadly is ordered at, in its product's currency: up to 2 decimals, above 0. */
const reloadlyUnitPriceSchema = z.string({ error: m.reloadlyProduct.en }).check(
  z.trim(),
  z.regex(/^(?:0|[1-9]\d{0,8})(?:\.\d{1,2})?$/, { error: m.reloadlyProduct.en }),
  z.refine((v) => Number(v) > 0, { error: m.reloadlyProduct.en }),
);

/** PATCH /api/v1/admin/products/{id}: the fields given change; null clears the discount. */
export const adminProductPatchSchema = patchBody(
  {
    priceMmk: z.optional(priceSchema),
    discountPriceMmk: z.optional(z.nullable(priceSchema)),
    status: z.optional(z.enum(adminProductStatuses, { error: m.productStatus.en })),
    name: z.optional(productNameSchema),
    description: z.optional(productDescriptionSchema),
    operator: z.optional(productOperatorSchema),
    sortOrder: z.optional(sortOrderSchema),
    imageUrl: z.optional(imageUrlSchema),
    /** E-PINs and gift cards only; null removes them. */
    instructions: z.optional(productInstructionsSchema),
    /** E-PINs and gift cards: `reloadly` needs the Reloadly product id and unit price (ADR 0063). */
    source: z.optional(z.enum(productSources, { error: m.productSource.en })),
    reloadlyProductId: z.optional(z.nullable(reloadlyProductIdSchema)),
    reloadlyUnitPrice: z.optional(z.nullable(reloadlyUnitPriceSchema)),
  },
  m.nothingToChange.en,
);
export type AdminProductPatch = z.output<typeof adminProductPatchSchema>;

export const adminProductResponseSchema = successResponse(adminProductSchema);

// ---------------------------------------------------------------- product create

/**
 * The kinds a back-office create makes: every kind the shop sells. Each carries what its
 * fulfilment and listing read (the demo catalogue's rules, db/seed.test.ts): a top-up and a data
 * package their operator (the recipient's network the aggregator loads); a top-up credits its price
 * (topupAmountMmk = priceMmk, as every seeded top-up); a data package its volume (MB) and validity
 * (days); a gift card its face value in its own currency (minor units, US$10 → 1000 "USD"), or
 * none (game credits such as PUBG UC are sold by their unit, not a money value).
 */
export const adminCreatableProductKinds = productKinds;
/** The states a new product may start in (not archived: there is no point creating one). */
export const adminCreatableProductStatuses = ['active', 'coming_soon', 'out_of_stock'] as const;

/** The largest data package a create accepts: 1 TB. */
export const DATA_MB_MAX = 1_048_576;
export const VALIDITY_DAYS_MAX = 365;
/** A gift card's face value at most, in minor units (US$1,000,000.00). */
export const FACE_VALUE_MINOR_MAX = 100_000_000;

const wholeFrom1 = (max: number, message: string) =>
  z
    .int({ error: message })
    .check(z.minimum(1, { error: message }), z.maximum(max, { error: message }));
const faceValueSchema = z.object(
  {
    amount: wholeFrom1(FACE_VALUE_MINOR_MAX, m.faceValue.en),
    currency: z
      .string({ error: m.faceCurrency.en })
      .check(z.trim(), z.regex(/^[A-Za-z]{3}$/, { error: m.faceCurrency.en })),
  },
  { error: m.faceValue.en },
);

/**
 * POST /api/v1/admin/products. One body for every kind; the kind's own fields are checked in the
 * transform (a refinement, not z.discriminatedUnion: the admin contracts use only the zod functions
 * the shop already loads, ADR 0038). A field of another kind is refused, never silently dropped.
 */
export const adminProductCreateSchema = z.pipe(
  z.object({
    categoryId: uuidSchema(m.categoryId.en),
    kind: z.enum(adminCreatableProductKinds, { error: m.productKind.en }),
    sku: z
      .string({ error: m.sku.en })
      .check(z.trim(), z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/, { error: m.sku.en })),
    name: productNameSchema,
    description: productDescriptionSchema,
    priceMmk: priceSchema,
    discountPriceMmk: z._default(z.nullable(priceSchema), null),
    /** Required for top-ups and data packages; null (none) or one for E-PINs and gift cards. */
    operator: z._default(productOperatorSchema, null),
    status: z._default(
      z.enum(adminCreatableProductStatuses, { error: m.productStatus.en }),
      'active',
    ),
    sortOrder: z._default(sortOrderSchema, 0),
    /** Left out: the category's picture until one is uploaded. */
    imageUrl: z.optional(imageUrlSchema),
    /** Data packages only: the volume in MB, 1 to 1 TB. */
    dataMb: z.optional(wholeFrom1(DATA_MB_MAX, m.dataMb.en)),
    /** Data packages only: days the pack lasts from activation, 1 to 365. */
    validityDays: z.optional(wholeFrom1(VALIDITY_DAYS_MAX, m.validityDays.en)),
    /** Gift cards only, and optional: the face value in minor units of its currency (capitals). */
    faceValue: z.optional(faceValueSchema),
    /** E-PINs and gift cards only: how to redeem, in both languages, or null (none). */
    instructions: z._default(productInstructionsSchema, null),
  }),
  z.transform((body, ctx) => {
    const refused: string[] = [];
    const issue = (path: string, message: string) => {
      refused.push(path);
      ctx.issues.push({ code: 'custom', message, input: body, path: [path] });
    };
    const { kind, dataMb, validityDays, faceValue, operator, ...common } = body;
    if (common.discountPriceMmk !== null && common.discountPriceMmk >= common.priceMmk)
      issue('discountPriceMmk', m.discountBelowPrice.en);
    if (kind !== 'data' && dataMb !== undefined) issue('dataMb', m.kindFieldsOnly.en);
    if (kind !== 'data' && validityDays !== undefined) issue('validityDays', m.kindFieldsOnly.en);
    if (kind !== 'giftcard' && faceValue !== undefined) issue('faceValue', m.kindFieldsOnly.en);
    if (!isCardKind(kind) && common.instructions !== null)
      issue('instructions', m.instructionsCodesOnly.en);
    if ((kind === 'topup' || kind === 'data') && operator === null)
      issue('operator', m.operatorRequired.en);
    if (kind === 'data' && dataMb === undefined) issue('dataMb', m.dataMb.en);
    if (kind === 'data' && validityDays === undefined) issue('validityDays', m.validityDays.en);
    if (refused.length > 0) return z.NEVER;

    const base = { ...common, sku: common.sku.toUpperCase() };
    switch (kind) {
      case 'epin':
        return { ...base, kind, operator };
      case 'topup':
        // The checks above refused these; the type narrows here.
        if (operator === null) return z.NEVER;
        return { ...base, kind, operator };
      case 'data':
        if (operator === null || dataMb === undefined || validityDays === undefined) return z.NEVER;
        return { ...base, kind, operator, dataMb, validityDays };
      case 'giftcard':
        return {
          ...base,
          kind,
          operator,
          faceValue: faceValue
            ? { amount: faceValue.amount, currency: faceValue.currency.toUpperCase() }
            : null,
        };
    }
  }),
);
export type AdminProductCreate = z.output<typeof adminProductCreateSchema>;
