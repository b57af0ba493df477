import { formatNumber, type Language } from './languages.ts';

/**
 * Whole kyat as the shop writes it (DESIGN §4: money is integer kyat): "1,000 Ks", in Burmese
 * "၁,၀၀၀ ကျပ်" (formatNumber's grouping and digits). The one money helper of the web app and of the
 * server's translated messages.
 */
export function formatKyat(amount: number, language: Language): string {
  return `${formatNumber(amount, language)} ${language === 'my' ? 'ကျပ်' : 'Ks'}`;
}
