import { useSyncExternalStore } from 'react';
import { i18n } from './i18n.ts';
import type { TFunction, Translator } from './translator.ts';

const currentLanguage = () => i18n.language;

/**
 * The page's `t` and the translator. The component renders again when the language changes, and
 * `t` is then a new function, so effects and memos that list it run again.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const language = useSyncExternalStore(i18n.subscribe, currentLanguage, currentLanguage);
  return { t: i18n.getFixedT(language), i18n };
}
