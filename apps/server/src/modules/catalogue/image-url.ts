import type { MediaUrls } from '../../platform/media.ts';

/** Shown when a stored image URL is unusable (served by the shop from apps/server/assets). */
export const PLACEHOLDER_IMAGE_PATH = '/media/default.svg';

/** http(s) or protocol-relative (an image CDN), as the spec asks. */
const REMOTE_URL = /^(https?:\/\/|\/\/)[^\s"'`<>]+$/i;
/** One of the shop's own paths: "/x…", never "//" or "/\" (browsers read both as another host). */
const OWN_PATH = /^\/(?![/\\])[^\s"'`<>\\]*$/;

/**
 * Image URLs on the way out (shopping spec §5): "trimmed of quotes and backticks and must start
 * with http or //, else a placeholder image is used". The shop's own images are the exception: they
 * stay root-relative ("/media/…"), so they load under any host name the shop is opened at
 * (ADR 0023); stored absolute URLs on PUBLIC_URL are made root-relative too. javascript:, data:
 * and bare words become the placeholder.
 */
export function sanitizeImageUrl(raw: string | null | undefined, media: MediaUrls): string {
  if (!raw) return PLACEHOLDER_IMAGE_PATH;
  const trimmed = raw.trim().replace(/^["'`\s]+|["'`\s]+$/g, '');
  const url = media.relative(trimmed);
  return REMOTE_URL.test(url) || OWN_PATH.test(url) ? url : PLACEHOLDER_IMAGE_PATH;
}
