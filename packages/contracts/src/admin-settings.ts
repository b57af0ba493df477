// Back-office shop settings under /api/v1/admin/settings (issue 17): the exchange rates, the
// call-centre contact and hours, the festival windows and the shop's claims that the shop's public
// calls answer (GET /api/v1/exchange-rates, /api/v1/site/contact, /api/v1/site/festivals,
// /api/v1/site/claims). Messages are
// English here, localised by validation-messages.ts (adminSettingsSchemaMessages) in the
// request's language. Only zod functions the customer pages already load (see uuidSchema in
// admin.ts).

import * as z from 'zod/mini';
import { patchBody } from './patch.ts';
import { successResponse } from './responses.ts';
import { adminSettingsSchemaMessages as m } from './admin-settings-messages.ts';
import { dayInput, trimmedText } from './admin.ts';
import { callCentreContactSchema } from './catalogue.ts';
import {
  SHOP_CLAIM_TEXT_MAX,
  SHOP_CLAIM_TITLE_MAX,
  SHOP_CLAIMS_MAX,
  shopClaimSchema,
} from './shop-claims.ts';

/** Kyat per unit stays below this (the column keeps 14 digits before the point). */
export const EXCHANGE_RATE_MAX = 1_000_000_000;
export const EXCHANGE_RATES_MAX = 50;
export const FESTIVAL_WINDOWS_MAX = 20;
export const FESTIVAL_NAMES = ['thadingyut'] as const;

// ---------------------------------------------------------------- what GET answers

export const adminExchangeRateSchema = z.object({
  currency: z.string(),
  symbol: z.string(),
  /** Kyat per one unit of the currency; up to 4 decimals. */
  rate: z.number(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type AdminExchangeRate = z.output<typeof adminExchangeRateSchema>;

/** The call centre as the shop's contact call answers it, but Viber null when there is none. */
export const adminCallCentreSchema = z.extend(callCentreContactSchema, {
  viber: z.nullable(z.string()),
});
export type AdminCallCentre = z.output<typeof adminCallCentreSchema>;

export const adminFestivalWindowSchema = z.object({
  name: z.enum(FESTIVAL_NAMES),
  /** Yangon dates, inclusive (YYYY-MM-DD). */
  start: z.string(),
  end: z.string(),
});
export type AdminFestivalWindow = z.output<typeof adminFestivalWindowSchema>;

export const adminSettingsSchema = z.object({
  exchangeRates: z.array(adminExchangeRateSchema),
  callCentre: adminCallCentreSchema,
  festivals: z.array(adminFestivalWindowSchema),
  /** The owner's claims on Home; null: none set, Home shows its built-in ones. */
  claims: z.nullable(z.array(shopClaimSchema)),
});
export type AdminSettings = z.output<typeof adminSettingsSchema>;

/** Every settings call answers all of them, as they are after the call. */
export const adminSettingsResponseSchema = successResponse(adminSettingsSchema);
export type AdminSettingsResponse = z.output<typeof adminSettingsResponseSchema>;

// ---------------------------------------------------------------- exchange rates

const currencySchema = z.pipe(
  z.string({ error: m.currency.en }),
  z.transform((value, ctx) => {
    const v = value.trim().toUpperCase();
    if (/^[A-Z]{3}$/.test(v)) return v;
    ctx.issues.push({ code: 'custom', message: m.currency.en, input: value });
    return z.NEVER;
  }),
);

/** Kyat per unit: positive, below EXCHANGE_RATE_MAX, at most 4 decimals. */
export const isValidRate = (rate: number): boolean =>
  Number.isFinite(rate) &&
  rate > 0 &&
  rate < EXCHANGE_RATE_MAX &&
  Math.abs(Math.round(rate * 10_000) - rate * 10_000) < 1e-6;

const rateSchema = z.pipe(
  z.number({ error: m.rate.en }),
  z.transform((value, ctx) => {
    if (isValidRate(value)) return value;
    ctx.issues.push({ code: 'custom', message: m.rate.en, input: value });
    return z.NEVER;
  }),
);

const rateChangeSchema = z.pipe(
  z.object({
    currency: currencySchema,
    rate: z.optional(rateSchema),
    active: z.optional(z.boolean({ error: m.active.en })),
  }),
  z.transform((change, ctx) => {
    if (change.rate === undefined && change.active === undefined) {
      ctx.issues.push({ code: 'custom', message: m.rateNothingToChange.en, input: change });
      return z.NEVER;
    }
    return change;
  }),
);

/** PATCH /api/v1/admin/settings/exchange-rates: the currencies given change; the others stay. */
export const adminExchangeRatesPatchSchema = z.object({
  rates: z.pipe(
    z
      .array(rateChangeSchema, { error: m.rates.en })
      .check(
        z.minLength(1, { error: m.rates.en }),
        z.maxLength(EXCHANGE_RATES_MAX, { error: m.rates.en }),
      ),
    z.transform((rates, ctx) => {
      if (new Set(rates.map((r) => r.currency)).size === rates.length) return rates;
      ctx.issues.push({ code: 'custom', message: m.rates.en, input: rates });
      return z.NEVER;
    }),
  ),
});
export type AdminExchangeRatesPatch = z.output<typeof adminExchangeRatesPatchSchema>;

// ---------------------------------------------------------------- call centre

const phoneText = (message: string) =>
  z.pipe(
    z.string({ error: message }),
    z.transform((value, ctx) => {
      const v = value.trim().replace(/\s+/g, ' ');
      const digits = v.replace(/\D/g, '').length;
      if (/^\+?[0-9][0-9 -]*$/.test(v) && digits >= 6 && digits <= 20) return v;
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );

const emailSchema = z.pipe(
  z.string({ error: m.email.en }),
  z.transform((value, ctx) => {
    const v = value.trim();
    if (v.length <= 200 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v)) return v;
    ctx.issues.push({ code: 'custom', message: m.email.en, input: value });
    return z.NEVER;
  }),
);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeSchema = z.string({ error: m.time.en }).check(z.regex(TIME, { error: m.time.en }));

const hoursSchema = z.pipe(
  z.object(
    {
      start: timeSchema,
      end: timeSchema,
      workingDays: z
        .array(
          z
            .int({ error: m.workingDays.en })
            .check(
              z.minimum(1, { error: m.workingDays.en }),
              z.maximum(7, { error: m.workingDays.en }),
            ),
          { error: m.workingDays.en },
        )
        .check(
          z.minLength(1, { error: m.workingDays.en }),
          z.maxLength(7, { error: m.workingDays.en }),
        ),
    },
    { error: m.time.en },
  ),
  z.transform((hours, ctx) => {
    if (hours.start >= hours.end) {
      ctx.issues.push({ code: 'custom', message: m.time.en, input: hours });
      return z.NEVER;
    }
    if (new Set(hours.workingDays).size !== hours.workingDays.length) {
      ctx.issues.push({ code: 'custom', message: m.workingDays.en, input: hours });
      return z.NEVER;
    }
    return { ...hours, workingDays: [...hours.workingDays].sort((a, b) => a - b) };
  }),
);

/**
 * PATCH /api/v1/admin/settings/call-centre: the fields given change; at least one. viber null
 * removes the Viber number. Hours are on the clock of Asia/Yangon (the stored timezone stays).
 */
export const adminCallCentrePatchSchema = patchBody(
  {
    phone: z.optional(phoneText(m.phone.en)),
    email: z.optional(emailSchema),
    viber: z.optional(z.nullable(phoneText(m.viber.en))),
    hours: z.optional(hoursSchema),
  },
  m.callCentreNothingToChange.en,
);
export type AdminCallCentrePatch = z.output<typeof adminCallCentrePatchSchema>;

// ---------------------------------------------------------------- festivals

const daySchema = dayInput(m.festivalDate.en);

const festivalWindowInput = z.pipe(
  z.object(
    {
      name: z._default(z.enum(FESTIVAL_NAMES, { error: m.festivalName.en }), 'thadingyut'),
      start: daySchema,
      end: daySchema,
    },
    { error: m.festivalDate.en },
  ),
  z.transform((w, ctx) => {
    if (w.start <= w.end) return w;
    ctx.issues.push({ code: 'custom', message: m.festivalDate.en, input: w });
    return z.NEVER;
  }),
);

/** PUT /api/v1/admin/settings/festivals: the whole list (empty: no festival), sorted by start. */
export const adminFestivalsPutSchema = z.object({
  festivals: z.pipe(
    z
      .array(festivalWindowInput, { error: m.festivals.en })
      .check(z.maxLength(FESTIVAL_WINDOWS_MAX, { error: m.festivals.en })),
    z.transform((windows, ctx) => {
      const sorted = [...windows].sort((a, b) => a.start.localeCompare(b.start));
      for (let i = 1; i < sorted.length; i += 1) {
        const before = sorted[i - 1];
        const w = sorted[i];
        // One festival name today: any two windows that share a day overlap.
        if (before && w && w.start <= before.end) {
          ctx.issues.push({ code: 'custom', message: m.festivalOverlap.en, input: windows });
          return z.NEVER;
        }
      }
      return sorted;
    }),
  ),
});
export type AdminFestivalsPut = z.output<typeof adminFestivalsPutSchema>;

// ---------------------------------------------------------------- shop claims

const claimInput = z.object(
  {
    titleEn: trimmedText(m.claimTitle.en, 1, SHOP_CLAIM_TITLE_MAX),
    titleMy: trimmedText(m.claimTitle.en, 1, SHOP_CLAIM_TITLE_MAX),
    textEn: trimmedText(m.claimText.en, 1, SHOP_CLAIM_TEXT_MAX),
    textMy: trimmedText(m.claimText.en, 1, SHOP_CLAIM_TEXT_MAX),
  },
  { error: m.claims.en },
);

/**
 * PUT /api/v1/admin/settings/claims: the whole list, in the order Home shows it (1 to 8; DELETE
 * goes back to the built-in claims).
 */
export const adminClaimsPutSchema = z.object({
  claims: z
    .array(claimInput, { error: m.claims.en })
    .check(
      z.minLength(1, { error: m.claims.en }),
      z.maxLength(SHOP_CLAIMS_MAX, { error: m.claims.en }),
    ),
});
export type AdminClaimsPut = z.output<typeof adminClaimsPutSchema>;
