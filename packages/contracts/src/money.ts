import { formatNumber, type Language } from './languages.ts';

/**
 * Whole kyat as the shop writes it (DESIGN §4: money is integer kyat): "1,000 Ks", in Burmese
 * "၁,၀၀၀ ကျပ်" (formatNumber's grouping and digits); with `fraction`, a rate in kyat ("137.5 Ks").
 * The one money helper of the web app and of the server's translated messages.
 */
export function formatKyat(
  amount: number,
  language: Language,
  /** Fraction digits for an amount that is not a price, such as an exchange rate (137.5 Ks). */
  fraction?: { maximumFractionDigits: number },
): string {
  return `${formatNumber(amount, language, fraction)} ${language === 'my' ? 'ကျပ်' : 'Ks'}`;
}
