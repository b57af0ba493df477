import { exchangeRateListResponseSchema, type ExchangeRate } from '@shop/contracts/catalogue';
import { apiRequest } from '../../../lib/api-client.ts';

/** The back-office's exchange rates (GET /api/v1/exchange-rates), active and inactive. */
export async function fetchExchangeRates(signal?: AbortSignal): Promise<ExchangeRate[]> {
  const body = await apiRequest(
    '/api/v1/exchange-rates',
    exchangeRateListResponseSchema,
    signal ? { signal } : {},
  );
  return body.data;
}
