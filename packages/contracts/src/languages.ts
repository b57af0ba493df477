// Languages of the shop, free of the schema library so the web app can use them in its first
// bundle; i18n.ts re-exports them beside the schema.

/** Languages of the shop. The spec calls Burmese "mm" in prose and "my" in URLs; we use "my" (ISO 639-1). */
export const languages = ['en', 'my'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';
/** The API's default when a request names no language (shopping spec §7: "Accept-Language (default my)"). */
export const apiDefaultLanguage: Language = 'my';

/** The shop language a language tag names ("my", "my-MM", "mm", "en-US"), if any. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_;]/)[0];
  if (primary === 'my' || primary === 'mm') return 'my';
  if (primary === 'en') return 'en';
  return undefined;
}

/** Picks the shop language from an Accept-Language header ("my", "my-MM", "mm", "en-US;q=0.8"...). */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return apiDefaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return ranked.length ? fallbackLanguage : apiDefaultLanguage;
}

/**
 * "၁၂" → "12": Myanmar (U+1040–1049) and Myanmar Shan (U+1090–1099) digits as ASCII digits, for a
 * number typed in either numeral system (a quantity field on a Burmese page).
 */
export const toLatinDigits = (value: string): string =>
  value.replace(/[\u1040-\u1049\u1090-\u1099]/g, (d) => String(d.charCodeAt(0) & 0xf));

/** "1,000" → "၁,၀၀၀": numbers inside Burmese text are written with Burmese digits. */
export const toBurmeseDigits = (value: string): string =>
  value.replace(/\d/g, (digit) => String.fromCharCode(0x1040 + Number(digit)));

/**
 * Digits of an already formatted number or time ("04:56", "11–15") in the language's numeral
 * system: Burmese pages write every quantity with Burmese digits (one numeral system per page).
 * Codes a reader types or dials elsewhere — PINs, serials, phone numbers, order numbers — are not
 * quantities and keep Latin digits (ADR 0023).
 */
export const localDigits = (value: string, language: Language): string =>
  language === 'my' ? toBurmeseDigits(value) : value;

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one helper for every quantity the shop shows — prices, counts, steps, points, rates, page
 * ranges: grouped with commas ("10,000") and in Burmese digits on Burmese pages ("၁၀,၀၀၀"). The
 * mapping is the project's own because browsers often lack the "my" locale data (Chromium falls
 * back to Latin digits for Intl.NumberFormat('my')). Whole numbers unless fraction digits are asked.
 */
export function formatNumber(
  value: number,
  language: Language,
  fraction: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  const options = { maximumFractionDigits: 0, ...fraction };
  const key = `${options.minimumFractionDigits ?? ''}/${options.maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return localDigits(format.format(value), language);
}
