// Images uploaded through the back-office (issue 17, ADR 0039): what POST /api/v1/admin/media
// takes and answers, and which image addresses a catalogue edit may store. Messages are English
// here, localised by validation-messages.ts (adminCatalogueSchemaMessages).

import * as z from 'zod/mini';
import { successResponse } from './responses.ts';
import { adminCatalogueSchemaMessages as m } from './admin-catalogue-messages.ts';

/** The largest image the back-office takes: 2 MB (2 × 1024 × 1024 bytes). */
export const MEDIA_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Widest and highest an uploaded image may be, in pixels. */
export const MEDIA_UPLOAD_MAX_PIXELS = 8000;
/**
 * The most pixels (width × height) an upload may have: 16 megapixels, e.g. 4,000 × 4,000. A side
 * limit alone lets a 250 KB PNG of 8,000 × 8,000 (a decompression bomb) unpack to 256 MB.
 */
export const MEDIA_UPLOAD_MAX_AREA = 16_000_000;
/** The types taken, sent as the request's Content-Type. SVG is not one: it can carry script. */
export const mediaUploadTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MediaUploadType = (typeof mediaUploadTypes)[number];
/** The file name ending of each type in /media/uploads/<sha256>.<ext>. */
export const mediaExtensions: Record<MediaUploadType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
/** Where uploads are served: /media/uploads/<sha256>.<ext>. */
export const MEDIA_UPLOADS_PREFIX = '/media/uploads/';

export const adminMediaUploadSchema = z.object({
  /** Root-relative, to be stored as an image of the catalogue: /media/uploads/<sha256>.<ext>. */
  url: z.string(),
  width: z.int(),
  height: z.int(),
  contentType: z.enum(mediaUploadTypes),
  /** Bytes. */
  size: z.int(),
});
export type AdminMediaUpload = z.output<typeof adminMediaUploadSchema>;
export const adminMediaUploadResponseSchema = successResponse(adminMediaUploadSchema);

/** One of the shop's own paths under /media/: no "//", no "..", no backslash, no query. */
const OWN_MEDIA_PATH = /^\/media\/(?!.*\/\/)(?!.*\.\.)[A-Za-z0-9._~/-]+$/;
/** An absolute http(s) address; the server also checks it is on IMAGE_CDN_ORIGIN. */
const ABSOLUTE_URL =
  /^https?:\/\/[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?\/[^\s"'`<>\\]*$/;

/**
 * Whether an image address may be stored by a back-office edit: a /media/ path of this shop (an
 * upload, or one of the images it ships), or an http(s) address the server then checks against
 * IMAGE_CDN_ORIGIN. javascript:, data:, "//host", spaces and quotes are refused.
 */
export function isStorableImageUrl(value: string): boolean {
  return value.length <= 2000 && (OWN_MEDIA_PATH.test(value) || ABSOLUTE_URL.test(value));
}

/** An image address of a catalogue edit (see isStorableImageUrl), trimmed. */
export const imageUrlSchema = z.pipe(
  z.string({ error: m.imageUrl.en }),
  z.transform((value, ctx) => {
    const v = value.trim();
    if (isStorableImageUrl(v)) return v;
    ctx.issues.push({ code: 'custom', message: m.imageUrl.en, input: value });
    return z.NEVER;
  }),
);
