import type { MediaUrls } from '../../platform/media.ts';

/** Shown when a stored image URL is unusable (served by the shop from apps/server/assets). */
export const PLACEHOLDER_IMAGE_PATH = '/media/default.svg';

/**
 * Image URLs on the way out (shopping spec §5): "trimmed of quotes and backticks and must start
 * with http or //, else a placeholder image is used". Paths of images the shop serves itself
 * ("/media/…") are made absolute first, so they pass. Only http(s) and protocol-relative URLs
 * survive: javascript:, data: and bare words become the placeholder.
 */
export function sanitizeImageUrl(raw: string | null | undefined, media: MediaUrls): string {
  const placeholder = media.absolute(PLACEHOLDER_IMAGE_PATH);
  if (!raw) return placeholder;
  const trimmed = raw.trim().replace(/^["'`\s]+|["'`\s]+$/g, '');
  const url = media.absolute(trimmed);
  return /^(https?:\/\/|\/\/)[^\s"'`<>]+$/i.test(url) ? url : placeholder;
}
