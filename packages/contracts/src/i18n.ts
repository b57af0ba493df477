import * as z from 'zod/mini';

export {
  apiDefaultLanguage,
  fallbackLanguage,
  languageFromHeader,
  languages,
  formatNumber,
  localDigits,
  toBurmeseDigits,
} from './languages.ts';
export type { Language } from './languages.ts';

export const localizedTextSchema = z.object({ en: z.string(), my: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;
