import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import { MEDIA_UPLOAD_MAX_AREA, type MediaUploadType } from '@shop/contracts/admin-media';
import sharp, { type Sharp } from 'sharp';
import { AppError } from '../../platform/errors.ts';

// Uploads are few and each is decoded once: libvips' operation cache would only keep memory.
sharp.cache(false);

/** sharp's message when the header's width × height is over limitInputPixels. */
const OVER_PIXEL_LIMIT = /exceeds pixel limit/i;

/** The encoder for each type taken, without metadata (sharp keeps none unless asked). */
function encode(image: Sharp, type: MediaUploadType, palette: boolean): Sharp {
  if (type === 'image/png') return image.png({ compressionLevel: 9, palette });
  if (type === 'image/jpeg') return image.jpeg({ quality: 90 });
  return image.webp({ quality: 90 });
}

/**
 * The upload decoded and encoded again in its own format (ADR 0048): what is stored and served is
 * only the picture — no EXIF (camera, GPS), text chunks, comments, ICC profile (converted to sRGB)
 * or bytes hidden after the image's end. EXIF orientation is applied first, so a phone photo
 * stays upright. sharp's `limitInputPixels` refuses more than MEDIA_UPLOAD_MAX_AREA pixels before
 * decoding: a second wall behind the header check in media.service.ts. A file whose pixels do not
 * decode (damaged, cut short) is a 400.
 */
export async function reencodeImage(
  type: MediaUploadType,
  bytes: Buffer,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  // 'error', not sharp's default 'warning': a camera's harmless quirks still pass; damage does not.
  const input = sharp(bytes, { limitInputPixels: MEDIA_UPLOAD_MAX_AREA, failOn: 'error' });
  try {
    const { isPalette } = await input.metadata();
    const { data, info } = await encode(input.autoOrient(), type, isPalette).toBuffer({
      resolveWithObject: true,
    });
    return { bytes: data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof Error && OVER_PIXEL_LIMIT.test(err.message))
      throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaTooManyPixels);
    throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaCutShort);
  }
}
