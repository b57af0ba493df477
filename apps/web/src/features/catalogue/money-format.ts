import { formatNumber, type Language } from '@shop/contracts/languages';

/** Whole kyat as the shop shows it: "1,000 Ks", in Burmese "၁,၀၀၀ ကျပ်". */
export function formatKyat(amount: number, language: Language): string {
  return `${formatNumber(amount, language)} ${language === 'my' ? 'ကျပ်' : 'Ks'}`;
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
