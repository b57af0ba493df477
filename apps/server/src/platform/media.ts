/**
 * Images the shop serves itself are stored as paths ("/media/banners/1.svg"). API answers carry
 * them root-relative, so they load from whatever host name the shop was opened at (localhost,
 * 127.0.0.1, www or apex) under `img-src 'self'` (ADR 0023). Text read away from the page (an
 * e-mail, Open Graph) would put PUBLIC_URL in front.
 */
export interface MediaUrls {
  /** Root-relative for the shop's own images, including ones stored absolute on PUBLIC_URL. */
  relative(pathOrUrl: string): string;
}

export function createMediaUrls(publicUrl: string): MediaUrls {
  const ownPrefix = `${publicUrl}/`;
  return {
    relative: (value) => (value.startsWith(ownPrefix) ? value.slice(publicUrl.length) : value),
  };
}
