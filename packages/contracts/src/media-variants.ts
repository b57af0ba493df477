// The smaller copies of uploaded images (issue 29, ADR 0067): which widths and formats the server
// makes and serves, and how the web asks for them. No imports: the customer's pages take it.

/**
 * The widths an upload is also served at (shopping spec, "Image size presets": thumbnail 150,
 * small 300, medium 600, large 1200), each in AVIF and WebP besides the upload's own type (ADR
 * 0067). Asked for as /media/uploads/<sha256>.<ext>?w=<preset>[&format=avif|webp|<ext>].
 */
export const MEDIA_VARIANT_WIDTHS = [150, 300, 600, 1200] as const;
export type MediaVariantWidth = (typeof MEDIA_VARIANT_WIDTHS)[number];
/** The formats made besides the upload's own, best first (the server picks by Accept). */
export const MEDIA_VARIANT_FORMATS = ['avif', 'webp'] as const;

/**
 * The widths made of an upload `width` pixels wide: the presets it is wider than or as wide as,
 * and its own width when that is under the largest preset and not one of them. Never wider than
 * the upload (nothing is enlarged).
 */
export function variantWidthsOf(width: number): number[] {
  const widths: number[] = MEDIA_VARIANT_WIDTHS.filter((w) => w <= width);
  const largest = MEDIA_VARIANT_WIDTHS[MEDIA_VARIANT_WIDTHS.length - 1] ?? 0;
  if (width < largest && !widths.includes(width)) widths.push(width);
  return widths;
}

/** An upload's address: /media/uploads/<sha256>.<png|jpg|webp> (ADR 0039). */
const UPLOAD_URL = /^\/media\/uploads\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/**
 * The srcset of an uploaded image: its copy at each preset width (the server serves the widest it
 * has that is not wider, in the best format the browser's Accept header takes). Undefined for any
 * other address (a shipped SVG, an image CDN's), which is used as it is.
 */
export function uploadSrcSet(url: string): string | undefined {
  if (!UPLOAD_URL.test(url)) return undefined;
  return MEDIA_VARIANT_WIDTHS.map((w) => `${url}?w=${String(w)} ${String(w)}w`).join(', ');
}

/** An uploaded image's copy at one preset width (the address itself for any other image). */
export function uploadCopy(url: string, width: MediaVariantWidth): string {
  return UPLOAD_URL.test(url) ? `${url}?w=${String(width)}` : url;
}
