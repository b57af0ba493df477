import type { Banner } from '@shop/contracts/catalogue';

/**
 * The first paint of Home, written into index.html by the server (ADR 0012): the header bar and
 * the first banner, so a phone on slow data sees the page before the app's JavaScript has loaded,
 * and the banner (the page's largest paint) downloads with the HTML instead of after the app and
 * its banner call. It lies over the top of the app, which removes it once its own banner has
 * loaded or at the reader's first touch, key or scroll (apps/web/src/lib/static-shell.ts). No text (the reader's language is only known to the app),
 * no inline styles (the CSP allows none), hidden from screen readers, never in the way of a click.
 */
export function renderHomeShell(indexHtml: string, banner: Banner | undefined): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) return indexHtml;
  const picture = (className: string, extra: string) =>
    banner
      ? `<picture${className}>` +
        `<source media="(max-width: 640px)" srcset="${attr(banner.mobileImageUrl || banner.imageUrl)}">` +
        `<source media="(max-width: 1024px)" srcset="${attr(banner.tabletImageUrl || banner.imageUrl)}">` +
        `<img src="${attr(banner.imageUrl)}" alt=""${extra}></picture>`
      : '';
  const shell =
    `<div class="static-shell" aria-hidden="true">` +
    `<div class="site-header"><div class="site-header__inner"><span class="brand">` +
    `<img src="/favicon.svg" alt="" width="32" height="32"></span></div></div>` +
    (banner
      ? `<div class="banner-carousel"><div class="banner-slide"><div class="banner-slide__button">` +
        // Phones show the art whole over a blurred copy of itself, as the carousel does.
        picture(' class="static-shell__backdrop"', '') +
        picture('', ' width="1200" height="450" fetchpriority="high"') +
        `</div></div></div>`
      : '') +
    `</div>`;
  // A function, so that "$&" or "$'" in an image address is not read as a replacement pattern.
  return indexHtml.replace(root, () => `${shell}${root}`);
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** A value safe inside a double-quoted HTML attribute. */
function attr(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => escapes[c] ?? c);
}
