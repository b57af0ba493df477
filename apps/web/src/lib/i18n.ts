import { fallbackLanguage, languages, type Language } from '@shop/contracts/i18n';
import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import my from '../locales/my.json';

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
      resources: { en: { translation: en }, my: { translation: my } },
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
