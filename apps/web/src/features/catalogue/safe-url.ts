/**
 * Only safe URLs are opened (shopping spec §5 'Invalid or unsafe URL'): absolute http(s) URLs, or
 * a path on this site. Anything else (javascript:, data:, protocol-relative //host, "/\host" tricks
 * that browsers read as another host) is refused.
 */
export type SafeUrl = { href: string; external: boolean; host: string };

export function resolveSafeUrl(raw: string | null | undefined, origin: string): SafeUrl | null {
  const value = (raw ?? '').trim();
  if (value === '') return null;
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.startsWith('/\\')) return null;
    let url: URL;
    try {
      url = new URL(value, origin);
    } catch {
      return null;
    }
    return url.origin === origin ? { href: url.href, external: false, host: url.host } : null;
  }
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return { href: url.href, external: url.origin !== origin, host: url.host };
}

/** This shop's page a safe, non-external URL leads to, as the router takes it ("/product/x?y#z"). */
export function shopPath(url: SafeUrl): string {
  const { pathname, search, hash } = new URL(url.href);
  return `${pathname}${search}${hash}`;
}

/** Another site, in a new tab that cannot reach back into the shop. */
export function openInNewTab(href: string) {
  window.open(href, '_blank', 'noopener,noreferrer');
}
