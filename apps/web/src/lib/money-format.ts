import { formatNumber, type Language } from '@shop/contracts/languages';
import { formatKyat as kyatText } from '@shop/contracts/money';

/**
 * Whole kyat as the shop shows it: "1,000 Ks", in Burmese "၁,၀၀၀ ကျပ်" — the contracts' one helper
 * (the server writes kyat in its messages with it). A function here rather than a re-export, so
 * the bundler keeps it in this module's chunk instead of a chunk of its own on every page.
 */
export function formatKyat(amount: number, language: Language): string {
  return kyatText(amount, language);
}

const currencyPrefixes: Record<string, string> = {
  USD: 'US$',
  SGD: 'S$',
  EUR: '€',
  GBP: '£',
  THB: '฿',
  JPY: '¥',
};

/** A gift card's face value from minor units: {1000, USD} → "US$10", {1050, USD} → "US$10.50". */
export function formatFaceValue(
  value: { amount: number; currency: string },
  language: Language,
): string {
  const major = value.amount / 100;
  const digits = formatNumber(
    major,
    language,
    Number.isInteger(major) ? {} : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  );
  const prefix = currencyPrefixes[value.currency];
  return prefix ? `${prefix}${digits}` : `${value.currency} ${digits}`;
}
