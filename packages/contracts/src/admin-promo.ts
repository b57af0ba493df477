// Back-office promo codes under /api/v1/admin/promo-codes (issue 17, ADR 0035): the list, the
// creation and the few changes a live code allows. Messages are English here, localised by
// validation-messages.ts (adminSchemaMessages) in the request's language.

import * as z from 'zod/mini';
import { patchBody } from './patch.ts';
import { listOf, successResponse } from './responses.ts';
import { adminSchemaMessages as m } from './admin-schema-messages.ts';
import { localized, searchQuery, uuidSchema } from './admin.ts';
import { PROMO_CODE_MAX_LENGTH } from './checkout.ts';

export const promoKinds = ['percent', 'fixed'] as const;
export type PromoKindName = (typeof promoKinds)[number];

/**
 * A code's state at a moment: expired (its end has passed), inactive (switched off), scheduled
 * (not started yet), active (usable now, limits permitting), in that order of precedence.
 */
export const promoStates = ['active', 'scheduled', 'expired', 'inactive'] as const;
export type PromoState = (typeof promoStates)[number];

export const PROMO_VALUE_MAX = 10_000_000;
export const PROMO_LIMIT_MAX = 1_000_000;
export const PROMO_CATEGORIES_MAX = 50;

/** Letters, digits, "-" and "_" (what a customer can read off a flyer and type). */
export const promoCodePattern = new RegExp(`^[A-Za-z0-9_-]{1,${PROMO_CODE_MAX_LENGTH}}$`);

// ---------------------------------------------------------------- list

/** GET /api/v1/admin/promo-codes: q is part of the code (any case); newest first. */
export const adminPromoListQuerySchema = searchQuery(promoStates, m.promoStatus.en);
export type AdminPromoListQuery = z.output<typeof adminPromoListQuerySchema>;

export const adminPromoCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(promoKinds),
  /** Percent (1–100) or whole kyat. */
  value: z.int(),
  minimumSpendMmk: z.int(),
  startsAt: z.nullable(z.string()),
  endsAt: z.nullable(z.string()),
  totalLimit: z.nullable(z.int()),
  perCustomerLimit: z.nullable(z.int()),
  /** null: every category. */
  categories: z.nullable(z.array(z.object({ id: z.string(), name: localized }))),
  /** Switched on by the shop (see state for whether it can be used now). */
  active: z.boolean(),
  state: z.enum(promoStates),
  /** Orders holding the code now (uses of unpaid orders that ended are given back). */
  redeemedCount: z.int(),
  createdAt: z.string(),
});
export type AdminPromoCode = z.output<typeof adminPromoCodeSchema>;

export const adminPromoListResponseSchema = listOf(adminPromoCodeSchema);
export const adminPromoResponseSchema = successResponse(adminPromoCodeSchema);

// ---------------------------------------------------------------- create and change

/** An instant with its time zone (ISO 8601), answered as an ISO string in UTC; null clears. */
const instant = z.nullable(
  z.pipe(
    z.string({ error: m.promoTime.en }),
    z.transform((value, ctx) => {
      const v = value.trim();
      const date = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
        ? new Date(v)
        : null;
      if (date && !Number.isNaN(date.getTime())) return date.toISOString();
      ctx.issues.push({ code: 'custom', message: m.promoTime.en, input: value });
      return z.NEVER;
    }),
  ),
);
const useLimit = z.nullable(
  z
    .int({ error: m.promoLimit.en })
    .check(
      z.minimum(1, { error: m.promoLimit.en }),
      z.maximum(PROMO_LIMIT_MAX, { error: m.promoLimit.en }),
    ),
);
const activeFlag = z.boolean({ error: m.promoActive.en });

/** POST /api/v1/admin/promo-codes. Omitted: no minimum, no window, no limits, every category. */
export const adminPromoCreateSchema = z.pipe(
  z.object({
    code: z.pipe(
      z.string({ error: m.promoCode.en }),
      z.transform((value, ctx) => {
        const v = value.trim();
        if (promoCodePattern.test(v)) return v;
        ctx.issues.push({ code: 'custom', message: m.promoCode.en, input: value });
        return z.NEVER;
      }),
    ),
    kind: z.enum(promoKinds, { error: m.promoKind.en }),
    value: z
      .int({ error: m.promoValue.en })
      .check(
        z.minimum(1, { error: m.promoValue.en }),
        z.maximum(PROMO_VALUE_MAX, { error: m.promoValue.en }),
      ),
    minimumSpendMmk: z._default(
      z
        .int({ error: m.minimumSpend.en })
        .check(
          z.minimum(0, { error: m.minimumSpend.en }),
          z.maximum(PROMO_VALUE_MAX, { error: m.minimumSpend.en }),
        ),
      0,
    ),
    startsAt: z._default(instant, null),
    endsAt: z._default(instant, null),
    totalLimit: z._default(useLimit, null),
    perCustomerLimit: z._default(useLimit, null),
    categoryIds: z._default(
      z.nullable(
        z
          .array(uuidSchema(m.promoCategories.en), {
            error: m.promoCategories.en,
          })
          .check(
            z.minLength(1, { error: m.promoCategories.en }),
            z.maxLength(PROMO_CATEGORIES_MAX, { error: m.promoCategories.en }),
          ),
      ),
      null,
    ),
    active: z._default(activeFlag, true),
  }),
  z.transform((body, ctx) => {
    if (body.kind === 'percent' && body.value > 100) {
      ctx.issues.push({ code: 'custom', message: m.promoPercent.en, input: body, path: ['value'] });
      return z.NEVER;
    }
    if (body.startsAt && body.endsAt && body.endsAt <= body.startsAt) {
      ctx.issues.push({
        code: 'custom',
        message: m.promoEndAfterStart.en,
        input: body,
        path: ['endsAt'],
      });
      return z.NEVER;
    }
    return { ...body, categoryIds: body.categoryIds && [...new Set(body.categoryIds)] };
  }),
);
export type AdminPromoCreate = z.output<typeof adminPromoCreateSchema>;

export const adminPromoParamsSchema = z.object({
  id: uuidSchema(m.promoId.en),
});

/**
 * PATCH /api/v1/admin/promo-codes/{id}: switch on or off, move the end (null: no end), change the
 * total limit (null: none; never below the uses the code has). What a customer was promised when
 * the code went out — kind, value, minimum spend, categories — does not change.
 */
export const adminPromoPatchSchema = patchBody(
  {
    active: z.optional(activeFlag),
    endsAt: z.optional(instant),
    totalLimit: z.optional(useLimit),
  },
  m.promoNothingToChange.en,
);
export type AdminPromoPatch = z.output<typeof adminPromoPatchSchema>;
