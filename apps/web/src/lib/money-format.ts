import { formatNumber, type Language } from '@shop/contracts/languages';
import { formatKyat as kyatText } from '@shop/contracts/money';

/**
 * Whole kyat as the shop shows it: "1,000 Ks", in Burmese "၁,၀၀၀ ကျပ်" — the contracts' one helper
 * (the server writes kyat in its messages with it). A function here rather than a re-export, so
 * the bundler keeps it in this module's chunk instead of a chunk of its own on every page.
 */
export function formatKyat(
  amount: number,
  language: Language,
  fraction?: { maximumFractionDigits: number },
): string {
  return kyatText(amount, language, fraction);
}

const digitsOfCurrency = new Map<string, number>();

/**
 * The fraction digits a currency is written with, from Intl's ISO 4217 data: 2 for THB, USD or
 * SGD, 0 for JPY, KRW or VND; 2 for a code Intl does not know.
 */
export function currencyDigits(currency: string): number {
  let digits = digitsOfCurrency.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
          .maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsOfCurrency.set(currency, digits);
  }
  return digits;
}

/**
 * Kyat in another currency at `rate` kyat per one unit (the back-office's exchange rates), rounded
 * to the currency's digits, in the page's numerals: 5,000 Ks at 137.5 Ks per THB → "36.36"
 * ("၃၆.၃၆"); 5,000 Ks at 30.45 Ks per JPY → "164". Display only: the shop takes kyat.
 */
export function formatKyatIn(
  amount: number,
  rate: { currency: string; rate: number },
  language: Language,
): string {
  const digits = currencyDigits(rate.currency);
  return formatNumber(amount / rate.rate, language, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
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
