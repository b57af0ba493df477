import type { BonusDay } from '@shop/contracts/bonus-days';
import { formatNumber, type Language } from '@shop/contracts/languages';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatDayRange } from '../../../lib/dates.ts';

/**
 * The bonus-point days on now or starting within 14 days (ADR 0081), asked when the user menu
 * first opens (its panel is loaded then, so none of this is in a page's first JavaScript); the
 * schema comes with the answer. A failed call shows no bonus line, silently. The server lets
 * browsers keep the answer a minute; so does the query.
 */
export const bonusDaysQuery = queryOptions({
  queryKey: ['loyalty', 'bonus-days'],
  queryFn: async ({ signal }): Promise<BonusDay[]> => {
    try {
      const body = await apiRequest(
        '/api/v1/loyalty/bonus-days',
        () => import('@shop/contracts/bonus-days').then((m) => m.bonusDaysResponseSchema),
        { signal },
      );
      return body.data;
    } catch {
      return [];
    }
  },
  staleTime: 60_000,
});

/** A bonus-point window's words in `language`: "2×" as `multiplier`, its `name` and its `dates`. */
export function bonusDayWords(window: BonusDay, language: Language) {
  return {
    multiplier: formatNumber(window.multiplier, language),
    name: language === 'my' ? window.name.my : window.name.en,
    dates: formatDayRange(window.start, window.end, language),
  };
}
