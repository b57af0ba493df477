import type { MediaUploadType } from '@shop/contracts/admin-media';
import { variantWidthsOf } from '@shop/contracts/media-variants';
import sharp, { type Sharp } from 'sharp';

/** The types a variant is stored as: the upload's own, WebP and AVIF. */
export type VariantType = MediaUploadType | 'image/avif';

export interface MediaVariant {
  width: number;
  height: number;
  contentType: VariantType;
  bytes: Buffer;
}

/**
 * A bound on each encoding, so no picture holds its upload request for ever: the pixel limit
 * bounds the decoding, the 1200-pixel-wide ceiling the encoding; this is the wall behind both.
 * Measured (ADR 0067) on this project's 2-core machine class under other builds' load: the copies
 * of a 4,000 × 3,000 JPEG took 0.5–2.7 s, of a 16 MP 2,000 × 8,000 one 1.5 s.
 */
const ENCODE_TIMEOUT_SECONDS = 20;

/**
 * Each type's encoder for the smaller copies: lighter settings than the stored upload's (which
 * stays as it came, re-encoded at 90), as a picture a phone shows at its own size needs. AVIF at
 * effort 2 (of 0–9): at effort 4, sharp's default, the AVIF copies of one 1,600 px photograph took
 * 5.7 s on this machine class; at effort 2 all copies of a 1,600 px banner take about 0.3 s.
 */
function encode(image: Sharp, type: VariantType): Sharp {
  const bounded = image.timeout({ seconds: ENCODE_TIMEOUT_SECONDS });
  if (type === 'image/avif') return bounded.avif({ quality: 50, effort: 2 });
  if (type === 'image/webp') return bounded.webp({ quality: 75 });
  if (type === 'image/jpeg') return bounded.jpeg({ quality: 80, mozjpeg: true });
  return bounded.png({ compressionLevel: 9, palette: true, quality: 90 });
}

/**
 * The smaller copies of a stored upload (its re-encoded bytes, `width` pixels wide): at each
 * preset width up to its own (variantWidthsOf), in AVIF, WebP and its own type — except its own
 * type at its own width, which is the upload itself. The picture is decoded once and shrunk once
 * to the largest width; the smaller ones are made from that.
 */
export async function makeVariants(
  type: MediaUploadType,
  bytes: Buffer,
  width: number,
): Promise<MediaVariant[]> {
  const widths = variantWidthsOf(width).sort((a, b) => b - a);
  const largest = widths[0];
  if (largest === undefined) return [];
  const { data, info } = await sharp(bytes)
    .timeout({ seconds: ENCODE_TIMEOUT_SECONDS })
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const types: VariantType[] = ['image/avif', 'image/webp'];
  if (type !== 'image/webp') types.push(type);
  const jobs = widths.flatMap((w) =>
    types
      .filter((t) => !(t === type && w === width))
      .map(async (contentType): Promise<MediaVariant> => {
        const resized = sharp(data, { raw }).resize({ width: w, withoutEnlargement: true });
        const out = await encode(resized, contentType).toBuffer({ resolveWithObject: true });
        return { width: out.info.width, height: out.info.height, contentType, bytes: out.data };
      }),
  );
  return Promise.all(jobs);
}
