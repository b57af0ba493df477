import {
  fallbackLanguage,
  languageOfTag,
  languages,
  localDigits,
  type Language,
} from '@shop/contracts/languages';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { writeCookie } from './cookies.ts';
import { PAGES_CACHE_PREFIX } from './sw-messages.ts';

type Messages = Record<string, unknown>;

export const LANGUAGE_STORAGE_KEY = 'language';
/** The choice, also as a cookie: the server renders pages in it (apps/server ssr.ts). */
export const LANGUAGE_COOKIE = 'lang';
/**
 * Set on <html> by the server when it rendered the page, in the language it chose from ?lang=,
 * the cookie or Accept-Language: the first render must be in that language to hydrate.
 */
export const SERVER_LANGUAGE_ATTRIBUTE = 'data-server-language';

/**
 * Each feature keeps its strings beside it (features/<name>/locales/{en,my}.json, a top-level key
 * named after the feature); they are merged into one "translation" namespace. English, the
 * fallback, ships in the first bundle; Burmese is fetched as one chunk when it is needed (before
 * the first render for Burmese readers), which keeps ~5 KiB gzip off every first visit.
 */
const englishFeatures = import.meta.glob<Messages>('../features/*/locales/en.json', {
  eager: true,
  import: 'default',
});
const englishMessages = Object.assign({}, en, ...Object.values(englishFeatures)) as Messages;

/** The modules loadBurmese imports (source paths of the build manifest), preloaded by the server. */
export const burmeseMessageModules = ['src/locales/my.json', 'src/lib/i18n-burmese-features.ts'];

async function loadBurmese(): Promise<Messages> {
  const [shared, features] = await Promise.all([
    import('../locales/my.json').then((m) => m.default),
    import('./i18n-burmese-features.ts').then((m) => m.loadBurmeseFeatureMessages()),
  ]);
  return Object.assign({}, shared, ...features) as Messages;
}

/**
 * Burmese strings of lazily loaded modules that arrived before the Burmese base strings. They wait:
 * a 'my' bundle in the store before the base is loaded would make i18next think Burmese is loaded
 * and never fetch the rest.
 */
const waitingBurmese: Messages[] = [];
let burmeseBaseLoaded = false;

/**
 * Adds the strings of a lazily loaded module (merged deep into the one namespace). Lazy modules
 * keep their strings out of the Home route's initial JavaScript (120 KiB budget).
 */
export function addLazyMessages(english: Messages, burmese: Messages) {
  const add = () => {
    i18n.addResourceBundle('en', 'translation', english, true, false);
    if (burmeseBaseLoaded) i18n.addResourceBundle('my', 'translation', burmese, true, false);
    else waitingBurmese.push(burmese);
  };
  // Unit tests may import a module before i18n is set up; then the strings are added once it is.
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}

const lazyBurmese: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    if (language !== 'my') {
      callback(null, {});
      return;
    }
    loadBurmese().then(
      (messages) => {
        callback(null, messages);
        burmeseBaseLoaded = true;
        for (const burmese of waitingBurmese.splice(0)) {
          i18n.addResourceBundle('my', 'translation', burmese, true, false);
        }
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/**
 * Detection order from the spec: ?lang= query, stored choice, browser, <html lang>; English is
 * the fallback. "mm" (the spec's code for Burmese) is read as "my". (A dozen lines instead of
 * i18next-browser-languagedetector: its 3 KiB gzip did not fit the Home budget.)
 */
export function detectLanguage(): Language {
  // The server renders in the default language; the client then follows the page it was given.
  if (typeof window === 'undefined') return fallbackLanguage;
  const root = document.documentElement;
  if (root.hasAttribute(SERVER_LANGUAGE_ATTRIBUTE))
    return languageOfTag(root.lang) ?? fallbackLanguage;
  const candidates = [
    new URLSearchParams(window.location.search).get('lang'),
    safeStorageGet(LANGUAGE_STORAGE_KEY),
    ...navigator.languages,
    document.documentElement.lang,
  ];
  for (const candidate of candidates) {
    const language = languageOfTag(candidate);
    if (language) return language;
  }
  return fallbackLanguage;
}

function safeStorageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function rememberLanguage(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  writeCookie(LANGUAGE_COOKIE, language, 365);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or storage full: the choice still holds for this visit.
  }
}

/** Pages kept by the service worker are in the language they were rendered in: a change empties them. */
function forgetRenderedPages() {
  if (typeof caches === 'undefined') return;
  caches
    .keys()
    .then((names) =>
      Promise.all(
        names
          .filter((name) => name.startsWith(PAGES_CACHE_PREFIX))
          .map((name) => caches.delete(name)),
      ),
    )
    .catch(() => undefined);
}

let ready: Promise<unknown> | undefined;

/** Initialises i18next once; await `i18nReady()` before the first render. */
export function initI18n() {
  if (!ready) {
    ready = i18n
      .use(lazyBurmese)
      .use(initReactI18next)
      .init({
        lng: detectLanguage(),
        resources: { en: { translation: englishMessages } },
        partialBundledLanguages: true,
        supportedLngs: [...languages],
        fallbackLng: fallbackLanguage,
        interpolation: {
          escapeValue: false,
          // Every number put into a message ({{count}}, {{page}}, {{seconds}}…) is written in the
          // page's numeral system: Burmese digits on Burmese pages. Strings pass unchanged (phone
          // numbers, codes, e-mails, and amounts already formatted by formatNumber / formatKyat).
          alwaysFormat: true,
          format: (value: unknown, _format, language) =>
            typeof value === 'number'
              ? localDigits(String(value), languageOfTag(language) ?? 'en')
              : (value as string),
        },
        returnNull: false,
        showSupportNotice: false,
      });
    rememberLanguage(i18n.language);
    i18n.on('languageChanged', rememberLanguage);
    void ready.then(() => {
      i18n.on('languageChanged', forgetRenderedPages);
    });
  }
  return i18n;
}

export function i18nReady(): Promise<unknown> {
  initI18n();
  return ready ?? Promise.resolve();
}

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'my' ? 'my' : 'en';
}

export { i18n };
