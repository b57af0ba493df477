import { fallbackLanguage, languageOfTag, type Language } from '@shop/contracts/languages';
import en from '../locales/en.json';
import { writeCookie } from './cookies.ts';
import { PAGES_CACHE_PREFIX } from './sw-messages.ts';
import { Translator, type Messages } from './translator.ts';

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

/** The one translator of the page (the server renders one page at a time with it). */
export const i18n = new Translator(detectLanguage(), englishMessages, (language) =>
  language === 'my' ? loadBurmese() : Promise.resolve({}),
);

/**
 * Adds the strings of a lazily loaded module (merged deep into the language's tree). Lazy modules
 * keep their strings out of the Home route's initial JavaScript.
 */
export function addLazyMessages(english: Messages, burmese: Messages) {
  i18n.addMessages('en', english);
  i18n.addMessages('my', burmese);
}

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

let ready: Promise<void> | undefined;

/** Loads the page's language once and remembers the choice; await `i18nReady()` before rendering. */
export function initI18n() {
  if (!ready) {
    ready = i18n.loadLanguage(i18n.language);
    rememberLanguage(i18n.language);
    i18n.subscribe(rememberLanguage);
    i18n.subscribe(forgetRenderedPages);
  }
  return i18n;
}

export function i18nReady(): Promise<void> {
  initI18n();
  return ready ?? Promise.resolve();
}

export function currentLanguage(): Language {
  return i18n.language;
}
