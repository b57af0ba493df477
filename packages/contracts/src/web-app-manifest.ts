import type { Language } from './languages.ts';

/**
 * Where the web app manifest of a language is served: apps/web vite.config.ts writes one per
 * language, and the pages link the one of their language (the server in the pages it sends, the
 * app when the reader changes language). Its own module, so that the app's first JavaScript, which
 * holds ./languages.ts, does not carry it.
 */
export const webAppManifestPath = (language: Language): string =>
  language === 'my' ? '/manifest.my.webmanifest' : '/manifest.webmanifest';
