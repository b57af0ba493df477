import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtNow, primaryId, uuidRef } from '../../platform/columns.ts';
import { users } from '../auth/auth.tables.ts';

/**
 * bytea as a Buffer. drizzle-orm 0.44 has no bytea column of its own; node-postgres answers a
 * Buffer, PGlite a Uint8Array: both are wrapped as a Buffer without a copy.
 */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  toDriver: (value) => value,
});

/**
 * Images uploaded through the back-office (ADR 0039): kept in the database, not on one instance's
 * disk, so every instance behind the load balancer serves them. Served at
 * /media/uploads/<sha256>.<ext>; the same bytes uploaded twice are one row.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: primaryId(),
    /** image/png, image/jpeg or image/webp: what the bytes are, checked at upload. */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Lower-case hex SHA-256 of the bytes: the file name in the URL. */
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('media_uploads_sha256_key').on(t.sha256),
    check(
      'media_uploads_content_type',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp')`,
    ),
    check('media_uploads_size', sql`${t.size} > 0 and ${t.size} = octet_length(${t.bytes})`),
  ],
);

/**
 * The smaller copies of an upload, made when it is stored (ADR 0067): at the spec's preset widths
 * (150, 300, 600, 1200; never wider than the upload), each in AVIF, WebP and the upload's own type.
 * Served at /media/uploads/<sha256>.<ext>?w=<width>[&format=…]; deleted with their upload.
 */
export const mediaVariants = pgTable(
  'media_variants',
  {
    uploadId: uuidRef('upload_id', () => mediaUploads.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.uploadId, t.contentType, t.width] }),
    check(
      'media_variants_content_type',
      sql`${t.contentType} in ('image/png', 'image/jpeg', 'image/webp', 'image/avif')`,
    ),
    check('media_variants_size', sql`${t.size} > 0 and ${t.size} = octet_length(${t.bytes})`),
    check('media_variants_width', sql`${t.width} between 1 and 1200`),
  ],
);
