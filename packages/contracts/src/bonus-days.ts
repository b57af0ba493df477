import * as z from 'zod/mini';
import { dataResponse } from './responses.ts';

// Bonus-point days (issue 31, ADR 0081): the owner's windows in which a paid order earns its points
// multiplied. The public read the user menu asks when it opens (not in any page's first load).

/** The public read answers the windows on now or starting within this many days. */
export const BONUS_DAYS_AHEAD = 14;
export const BONUS_MULTIPLIER_MIN = 2;
export const BONUS_MULTIPLIER_MAX = 5;
export const BONUS_DAY_NAME_MAX = 60;

/** A window of bonus days: Yangon dates, inclusive; its name in English and Burmese. */
export const bonusDaySchema = z.object({
  name: z.object({ en: z.string(), my: z.string() }),
  start: z.string(),
  end: z.string(),
  /** Points are multiplied by this (2 to 5). */
  multiplier: z.int(),
});
export type BonusDay = z.output<typeof bonusDaySchema>;

/** GET /api/v1/loyalty/bonus-days: the windows on now or starting within BONUS_DAYS_AHEAD days. */
export const bonusDaysResponseSchema = dataResponse(z.array(bonusDaySchema));
export type BonusDaysResponse = z.output<typeof bonusDaysResponseSchema>;
