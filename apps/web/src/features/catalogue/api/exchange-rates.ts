import { exchangeRateListResponseSchema, type ExchangeRate } from '@shop/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { CACHE_SHORT_MS } from '../../../lib/cache-lifetimes.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function fetchExchangeRates(signal?: AbortSignal): Promise<ExchangeRate[]> {
  const body = await apiRequest(
    '/api/v1/exchange-rates',
    exchangeRateListResponseSchema,
    signal ? { signal } : {},
  );
  return body.data;
}

export function useExchangeRates() {
  return useQuery({
    queryKey: ['exchange-rates'],
    queryFn: async ({ signal }) => fetchExchangeRates(signal),
    staleTime: CACHE_SHORT_MS,
  });
}
