import type { ExchangeRate } from '@shop/contracts/catalogue';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';

/**
 * The one query of the exchange rates (the footer's dialog and the prices beside kyat share it).
 * The call and its schema load with the first fetch, so a page that shows prices carries neither
 * until a buyer has chosen a currency (issue 31: the landing pages' JavaScript stays as it was).
 */
export const exchangeRatesQuery = queryOptions({
  queryKey: ['exchange-rates'],
  queryFn: async ({ signal }): Promise<ExchangeRate[]> =>
    (await import('./exchange-rates.ts')).fetchExchangeRates(signal),
  staleTime: CACHE_SHORT_MS,
});

/** All the rates (the footer's table); `enabled: false` leaves them unfetched. */
export const useExchangeRates = (enabled = true) => useQuery({ ...exchangeRatesQuery, enabled });
