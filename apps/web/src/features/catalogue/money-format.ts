import type { Language } from '@shop/contracts/i18n';

const groupedDigits = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole kyat as the shop shows it: "1,000 Ks", in Burmese "1,000 ကျပ်". */
export function formatKyat(amount: number, language: Language): string {
  return `${groupedDigits.format(amount)} ${language === 'my' ? 'ကျပ်' : 'Ks'}`;
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
export function formatFaceValue(value: { amount: number; currency: string }): string {
  const major = value.amount / 100;
  const digits = Number.isInteger(major)
    ? groupedDigits.format(major)
    : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        major,
      );
  const prefix = currencyPrefixes[value.currency];
  return prefix ? `${prefix}${digits}` : `${value.currency} ${digits}`;
}
