import type { ExchangeRate } from '@shop/contracts/catalogue';

/** The rates a buyer may choose: the back-office's active ones with a usable rate. */
export const choosableRates = (rates: readonly ExchangeRate[]): ExchangeRate[] =>
  rates.filter((rate) => rate.status === 'active' && rate.rate > 0);

/**
 * The rate of the chosen currency, or null — kyat only — when none is chosen or the back-office
 * has since turned it off or removed it (the prices fall back to kyat alone, without a word).
 */
export function buyerRate(
  rates: readonly ExchangeRate[] | undefined,
  currency: string | null,
): ExchangeRate | null {
  if (!rates || currency === null) return null;
  return choosableRates(rates).find((rate) => rate.currency === currency) ?? null;
}
