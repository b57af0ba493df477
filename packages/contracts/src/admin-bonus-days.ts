// Bonus-point days in the back-office under /api/v1/admin/bonus-days (issue 31, ADR 0081): the
// list, a new window, an edit (the whole window) and a delete. Messages are English here,
// localised by validation-messages.ts (bonusDaySchemaMessages) in the request's language.

import * as z from 'zod/mini';
import { dayInput, trimmedText, uuidSchema } from './admin.ts';
import { bonusDaySchemaMessages as m } from './bonus-day-messages.ts';
import {
  BONUS_DAY_NAME_MAX,
  BONUS_MULTIPLIER_MAX,
  BONUS_MULTIPLIER_MIN,
  bonusDaySchema,
} from './bonus-days.ts';
import { listOf, successResponse } from './responses.ts';

export const adminBonusDaySchema = z.extend(bonusDaySchema, {
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBonusDay = z.output<typeof adminBonusDaySchema>;

/** Every window, by first day (one page: an owner sets a few a year). */
export const adminBonusDayListResponseSchema = listOf(adminBonusDaySchema);
export const adminBonusDayResponseSchema = successResponse(adminBonusDaySchema);

export const adminBonusDayParamsSchema = z.object({ id: uuidSchema(m.bonusDayId.en) });

const nameText = trimmedText(m.name.en, 1, BONUS_DAY_NAME_MAX);
const daySchema = dayInput(m.date.en);

/**
 * POST /api/v1/admin/bonus-days and PUT …/{id}: the whole window — its name in both languages,
 * its first and last day (Yangon dates, inclusive), the multiplier (2 to 5). Overlaps with other
 * windows are the server's to refuse (409).
 */
export const adminBonusDayInputSchema = z.pipe(
  z.object(
    {
      name: z.object({ en: nameText, my: nameText }, { error: m.name.en }),
      start: daySchema,
      end: daySchema,
      multiplier: z
        .int({ error: m.multiplier.en })
        .check(
          z.minimum(BONUS_MULTIPLIER_MIN, { error: m.multiplier.en }),
          z.maximum(BONUS_MULTIPLIER_MAX, { error: m.multiplier.en }),
        ),
    },
    { error: m.name.en },
  ),
  z.transform((w, ctx) => {
    if (w.start <= w.end) return w;
    ctx.issues.push({ code: 'custom', message: m.date.en, input: w });
    return z.NEVER;
  }),
);
export type AdminBonusDayInput = z.output<typeof adminBonusDayInputSchema>;
