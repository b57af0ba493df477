import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { adminCatalogueMessages } from '@shop/contracts/admin-catalogue-messages';
import {
  MEDIA_UPLOAD_MAX_AREA,
  MEDIA_UPLOAD_MAX_BYTES,
  MEDIA_UPLOAD_MAX_PIXELS,
  MEDIA_UPLOADS_PREFIX,
  mediaExtensions,
  mediaUploadTypes,
  type AdminMediaUpload,
  type MediaUploadType,
} from '@shop/contracts/admin-media';
import { MEDIA_VARIANT_FORMATS, MEDIA_VARIANT_WIDTHS } from '@shop/contracts/media-variants';
import { imageSize } from 'image-size';
import type { Clock } from '../../platform/clock.ts';
import type { Tx } from '../../platform/db.ts';
import { AppError, type Text } from '../../platform/errors.ts';
import { reencodeImage } from './media-reencode.ts';
import { makeVariants, type VariantType } from './media-variants.ts';
import type { MediaInfo, MediaRepo, MediaRow } from './media.repo.ts';

/** What image-size reads the bytes as, for the types taken. */
const typeOfDetected: Record<string, MediaUploadType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};
const UPLOAD_FILE = /^([0-9a-f]{64})\.([a-z]+)$/;
/** A PNG's last chunk: IEND, no data, its CRC (PNG specification §5.6, §11.2.5). */
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/**
 * Whether the file is all there, as far as its header says: image-size reads only the start, so a
 * cut-off upload would pass it. A PNG ends with its IEND chunk; a WebP's RIFF header gives the
 * file's length. A JPEG's end marker is not asked for: many cameras write bytes after it.
 */
function isWhole(type: MediaUploadType, bytes: Buffer): boolean {
  if (type === 'image/png') return bytes.subarray(-PNG_END.length).equals(PNG_END);
  if (type === 'image/webp')
    return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
  return true;
}

const isTaken = (value: string): value is MediaUploadType =>
  (mediaUploadTypes as readonly string[]).includes(value);

/** What a variant request may name as its format: AVIF, WebP, or the upload's own ending. */
const formatTypes: Partial<Record<string, VariantType>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
};

/**
 * A variant request's query, checked (ADR 0067): `w` one of the preset widths, `format` (if any)
 * avif, webp or the file's own ending; null for an empty query (the upload as stored). Anything
 * else — another width, "0600", a second w, another format or key — is a 400 naming what may be
 * asked.
 */
function variantQuery(
  query: Record<string, unknown>,
  ownEnding: string | undefined,
): { w: number; type: VariantType | undefined } | null {
  const keys = Object.keys(query);
  if (keys.length === 0) return null;
  const { w, format } = query;
  const width = Number(w);
  const formats: readonly (string | undefined)[] = [...MEDIA_VARIANT_FORMATS, ownEnding];
  const good =
    keys.every((key) => key === 'w' || key === 'format') &&
    typeof w === 'string' &&
    String(width) === w &&
    (MEDIA_VARIANT_WIDTHS as readonly number[]).includes(width) &&
    (format === undefined ||
      (typeof format === 'string' &&
        formats.includes(format) &&
        Object.hasOwn(formatTypes, format)));
  if (!good) throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaVariantQuery);
  return { w: width, type: typeof format === 'string' ? formatTypes[format] : undefined };
}

/** A served picture: an upload, or one of its variants. */
export interface ServedImage {
  bytes: Buffer;
  contentType: string;
  size: number;
  /** Names exactly these bytes (for the ETag). */
  tag: string;
  /** Whether the type was chosen by the request's Accept header (the answer varies by it). */
  negotiated: boolean;
}

/** Whether an Accept header takes this type by name (a q of 0 refuses it, RFC 9110 §12.5.1). */
function accepts(accept: string, type: string): boolean {
  return accept
    .toLowerCase()
    .split(',')
    .some((part) => {
      const [name, ...params] = part.split(';').map((p) => p.trim());
      return name === type && !params.some((p) => /^q=0(\.0*)?$/.test(p));
    });
}

/** The type of a Content-Type header without its parameters ("image/png; x=y" → image/png). */
const declaredType = (header: string | undefined) =>
  (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Where an upload is served: /media/uploads/<sha256>.<ext>. */
export const uploadUrlOf = (row: Pick<MediaInfo, 'sha256' | 'contentType'>) =>
  `${MEDIA_UPLOADS_PREFIX}${row.sha256}.${mediaExtensions[row.contentType as MediaUploadType]}`;

const toUpload = (row: MediaInfo): AdminMediaUpload => ({
  url: uploadUrlOf(row),
  width: row.width,
  height: row.height,
  contentType: row.contentType as MediaUploadType,
  size: row.size,
});

/**
 * Images uploaded through the back-office (ADR 0039), kept in the database so that every instance
 * serves them. The bytes are checked to be what their Content-Type says (PNG, JPEG or WebP, read
 * by image-size from the file's own header, never from its name or type); SVG, which can carry
 * script, is never taken. What is stored is the picture encoded again, without metadata (ADR 0048).
 */
export function createMediaService(deps: {
  repo: MediaRepo;
  clock: Clock;
  /** IMAGE_CDN_ORIGIN (lower case, no trailing slash), the one other place images may come from. */
  imageCdnOrigin: string | null;
  /** The images the shop ships (apps/server/assets), served under /media/. */
  assetsFolder: string;
}) {
  const { repo } = deps;

  /** The checked type of an upload's bytes (from their header), or the 4xx that refuses them. */
  function inspect(contentType: string | undefined, bytes: Buffer | undefined) {
    const declared = declaredType(contentType);
    if (!isTaken(declared))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminCatalogueMessages.mediaType);
    if (!bytes || bytes.length === 0)
      throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaEmpty);
    if (bytes.length > MEDIA_UPLOAD_MAX_BYTES)
      throw new AppError('PAYLOAD_TOO_LARGE', adminCatalogueMessages.mediaTooLarge);
    let size: ReturnType<typeof imageSize>;
    try {
      size = imageSize(bytes);
    } catch {
      // Not an image image-size knows (HTML, a script, random bytes): nothing it can measure.
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminCatalogueMessages.mediaNotThatType);
    }
    // An SVG (or a GIF, …) sent as image/png is still refused: the bytes decide, not the label.
    if (typeOfDetected[size.type ?? ''] !== declared)
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', adminCatalogueMessages.mediaNotThatType);
    if (!isWhole(declared, bytes))
      throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaCutShort);
    const { width, height } = size;
    if (
      !(width >= 1 && width <= MEDIA_UPLOAD_MAX_PIXELS) ||
      !(height >= 1 && height <= MEDIA_UPLOAD_MAX_PIXELS)
    )
      throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaDimensions);
    // A decompression bomb (a small file of many pixels) is refused before anything decodes it.
    if (width * height > MEDIA_UPLOAD_MAX_AREA)
      throw new AppError('BAD_REQUEST', adminCatalogueMessages.mediaTooManyPixels);
    return declared;
  }

  /** The upload a /media/uploads/ file name names, or null (unknown, or the wrong ending). */
  async function read(fileName: string): Promise<MediaRow | null> {
    const match = UPLOAD_FILE.exec(fileName);
    if (!match?.[1]) return null;
    const row = await repo.bySha256(match[1]);
    if (!row || mediaExtensions[row.contentType as MediaUploadType] !== match[2]) return null;
    return row;
  }

  /** Whether an image address a catalogue edit wants to store is allowed, as a message if not. */
  async function refusal(value: string) {
    if (value.startsWith(MEDIA_UPLOADS_PREFIX)) {
      const match = UPLOAD_FILE.exec(value.slice(MEDIA_UPLOADS_PREFIX.length));
      const stored = match?.[1] ? await repo.contentTypeOf(match[1]) : undefined;
      const ok = stored !== undefined && mediaExtensions[stored as MediaUploadType] === match?.[2];
      return ok ? null : adminCatalogueMessages.imageNotUploaded;
    }
    if (value.startsWith('/media/')) {
      // One of the images the shop ships; the contract has refused "..", "//" and "\" already.
      const file = path.resolve(deps.assetsFolder, value.slice('/media/'.length));
      const inside = file.startsWith(deps.assetsFolder + path.sep);
      return inside && fs.statSync(file, { throwIfNoEntry: false })?.isFile()
        ? null
        : adminCatalogueMessages.imageNotUploaded;
    }
    const origin = deps.imageCdnOrigin;
    return origin && value.slice(0, origin.length + 1).toLowerCase() === `${origin}/`
      ? null
      : adminCatalogueMessages.imageForeignHost;
  }

  return {
    /**
     * Stores an image (or finds the same bytes stored before) and answers where it is served.
     * `written` runs in the transaction of a new row only (the audit record): the same file
     * again changes nothing and is not recorded twice.
     */
    async upload(
      input: { contentType: string | undefined; bytes: Buffer | undefined; createdBy: string },
      written: (tx: Tx, upload: AdminMediaUpload) => Promise<void>,
    ): Promise<{ upload: AdminMediaUpload; created: boolean }> {
      const contentType = inspect(input.contentType, input.bytes);
      // Named by the hash of the stored bytes: the same file again encodes to the same bytes.
      const { bytes, width, height } = await reencodeImage(contentType, input.bytes as Buffer);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      // The smaller copies (ADR 0067), made before the transaction (no rows held while encoding);
      // not again for bytes whose copies are stored already.
      const variants = (await repo.hasVariants(sha256))
        ? []
        : await makeVariants(contentType, bytes, width);
      return repo.transaction(async (tx) => {
        const { row, created } = await repo.insertOnce(
          tx,
          {
            contentType,
            width,
            height,
            bytes,
            sha256,
            size: bytes.length,
            createdBy: input.createdBy,
          },
          deps.clock(),
        );
        await repo.insertVariants(tx, row.id, variants);
        const upload = toUpload(row);
        if (created) await written(tx, upload);
        return { upload, created };
      });
    },

    read,

    /**
     * The upload a /media/uploads/ file name names, at the size and in the format a query asks
     * (ADR 0067): `w` one of the presets (150, 300, 600, 1200), `format` avif, webp or the file's
     * own ending; without `format`, the best type the Accept header takes (AVIF, then WebP, else
     * the file's own). The copy served is the widest stored that is not wider than `w` — the
     * upload itself when it is not wider, never an enlargement. An empty query is the upload as
     * stored. Anything else in the query is a 400 that names what may be asked.
     */
    async readSized(
      fileName: string,
      query: Record<string, unknown>,
      accept: string | undefined,
    ): Promise<ServedImage | null> {
      const asked = variantQuery(query, UPLOAD_FILE.exec(fileName)?.[2]);
      const row = await read(fileName);
      if (!row) return null;
      const original: ServedImage = {
        bytes: row.bytes,
        contentType: row.contentType,
        size: row.size,
        tag: row.sha256,
        negotiated: false,
      };
      if (!asked) return original;
      const { w } = asked;
      const negotiated = asked.type === undefined;
      const type =
        asked.type ??
        [...MEDIA_VARIANT_FORMATS.map((f) => formatTypes[f] ?? ''), row.contentType].find(
          (t) => t === row.contentType || accepts(accept ?? '', t),
        ) ??
        row.contentType;
      if (type === row.contentType && row.width <= w) return { ...original, negotiated };
      const variant = await repo.variant(row.id, type, w);
      // An upload stored before variants were made is served as it is.
      if (!variant) return { ...original, negotiated };
      return {
        bytes: variant.bytes,
        contentType: variant.contentType,
        size: variant.size,
        tag: `${row.sha256}-${String(variant.width)}-${variant.contentType.slice('image/'.length)}`,
        negotiated,
      };
    },

    /**
     * Refuses (400, naming each field) image addresses a catalogue edit may not store: an
     * /media/uploads/ file nobody uploaded, a /media/ path the shop does not ship, an address not
     * on IMAGE_CDN_ORIGIN. The contract has already refused javascript:, data: and "//host".
     */
    async checkImageUrls(fields: Record<string, string | undefined>): Promise<void> {
      const refused: Record<string, Text> = {};
      for (const [field, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        const why = await refusal(value);
        if (why) refused[field] = why;
      }
      const first = Object.values(refused)[0];
      if (first) throw new AppError('VALIDATION_ERROR', first, refused);
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
