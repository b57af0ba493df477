import regularSubsetUrl from '../assets/fonts/noto-sans-myanmar-shop-400.woff2?url';

/**
 * The regular weight of the shop's Noto Sans Myanmar subset (fonts.css), preloaded in the <head>
 * of a Burmese page the server renders (entry-server.tsx), never of an English one: its download
 * then starts with the page's stylesheet, not after it, and Burmese text is readable about when the
 * prices are (issue 29, ADR 0066). Bold is not preloaded: it follows when a page uses it (swap).
 * A phone with its own Noto Sans Myanmar (local() in fonts.css) still downloads this one file.
 */
export const burmeseFontPreload = `<link rel="preload" as="font" type="font/woff2" crossorigin href="${regularSubsetUrl}">`;
