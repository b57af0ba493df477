// Languages of the shop, free of the schema library so the web app can use them in its first
// bundle; i18n.ts re-exports them beside the schema.

/** Languages of the shop. The spec calls Burmese "mm" in prose and "my" in URLs; we use "my" (ISO 639-1). */
export const languages = ['en', 'my'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';
/** The API's default when a request names no language (shopping spec §7: "Accept-Language (default my)"). */
export const apiDefaultLanguage: Language = 'my';

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
    const primary = tag.split('-')[0];
    if (primary === 'my' || primary === 'mm') return 'my';
    if (primary === 'en') return 'en';
  }
  return ranked.length ? fallbackLanguage : apiDefaultLanguage;
}
