import type { ExchangeRate } from '@shop/contracts/catalogue';
import { useExchangeRates } from './api/exchange-rates-query.ts';
import { buyerRate } from './buyer-rate.ts';
import { useBuyerCurrency } from './buyer-currency-setting.ts';

/**
 * The exchange rate of the buyer's chosen currency, or null for kyat only. The rates are fetched
 * only once a currency is chosen; until they arrive (and when the choice is no longer offered) the
 * prices are kyat alone.
 */
export function useBuyerRate(): ExchangeRate | null {
  const currency = useBuyerCurrency();
  const rates = useExchangeRates(currency !== null);
  return buyerRate(rates.data, currency);
}
