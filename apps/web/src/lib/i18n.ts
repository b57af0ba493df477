import { fallbackLanguage, languages, type Language } from '@shop/contracts/i18n';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import my from '../locales/my.json';

type Messages = Record<string, unknown>;

/**
 * Each feature keeps its strings beside it (features/<name>/locales/{en,my}.json, a top-level key
 * named after the feature); they are merged into one "translation" namespace here.
 */
const featureMessages = import.meta.glob<Messages>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});

function messagesFor(language: Language, shared: Messages): Messages {
  const merged: Messages = { ...shared };
  for (const [file, messages] of Object.entries(featureMessages)) {
    if (file.endsWith(`/${language}.json`)) Object.assign(merged, messages);
  }
  return merged;
}

export const LANGUAGE_STORAGE_KEY = 'language';

/**
 * Detection order from the spec: ?lang= query, stored choice, browser, <html lang>; the choice is
 * cached in localStorage; English is the fallback. "mm" (the spec's code) is read as "my".
 */
export function initI18n() {
  if (i18n.isInitialized) return i18n;
  void i18n
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      resources: {
        en: { translation: messagesFor('en', en) },
        my: { translation: messagesFor('my', my) },
      },
      showSupportNotice: false,
      supportedLngs: [...languages],
      nonExplicitSupportedLngs: true,
      fallbackLng: fallbackLanguage,
      interpolation: { escapeValue: false },
      detection: {
        order: ['querystring', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lang',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => (lng.toLowerCase().startsWith('mm') ? 'my' : lng),
      },
      returnNull: false,
    });
  const syncHtml = (lng: string) => {
    document.documentElement.lang = lng;
  };
  syncHtml(i18n.resolvedLanguage ?? fallbackLanguage);
  i18n.on('languageChanged', syncHtml);
  return i18n;
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'my' ? 'my' : 'en';
}

export { i18n };
