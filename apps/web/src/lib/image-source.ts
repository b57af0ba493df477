import placeholderImage from '../assets/image-placeholder.svg';

/** The shop logo, shown when an image fails to load (shopping spec §5). */
export const DEFAULT_LOGO_IMAGE = '/favicon.svg';
export const PLACEHOLDER_IMAGE = placeholderImage;

const REMOTE_URL = /^(https?:\/\/|\/\/)[^\s"'`<>]+$/i;
/** The shop's own path: "/x…", never "//" or "/\" (browsers read both as another host). */
const OWN_PATH = /^\/(?![/\\])[^\s"'`<>\\]*$/;

/**
 * Image URLs from the server are trimmed of quotes and backticks and must start with http or //,
 * else a placeholder image is used (shopping spec §5) — or be one of the shop's own root-relative
 * paths ("/media/…"), which load under any host name the shop is opened at (ADR 0023). The server
 * sanitises too; the web repeats it because it must never put a javascript: or bare-word URL into
 * an <img>.
 */
export function safeImageSource(raw: string | null | undefined): string {
  const trimmed = (raw ?? '').trim().replace(/^["'`\s]+|["'`\s]+$/g, '');
  return REMOTE_URL.test(trimmed) || OWN_PATH.test(trimmed) ? trimmed : PLACEHOLDER_IMAGE;
}

/** onError handler: swap a broken image for the logo once (no loop if the logo fails too). */
export function fallBackToLogo(event: { currentTarget: HTMLImageElement }) {
  const image = event.currentTarget;
  if (image.dataset.fallback === 'logo') return;
  image.dataset.fallback = 'logo';
  image.srcset = '';
  image.src = DEFAULT_LOGO_IMAGE;
}
