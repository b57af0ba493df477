import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import type { MediaVariant } from './media-variants.ts';
import { mediaUploads, mediaVariants } from './media.tables.ts';

export type MediaRow = typeof mediaUploads.$inferSelect;
export type MediaInsert = Omit<MediaRow, 'id' | 'createdAt'>;
/** A stored upload without its bytes. */
export type MediaInfo = Omit<MediaRow, 'bytes'>;

const info = {
  id: mediaUploads.id,
  contentType: mediaUploads.contentType,
  sha256: mediaUploads.sha256,
  size: mediaUploads.size,
  width: mediaUploads.width,
  height: mediaUploads.height,
  createdBy: mediaUploads.createdBy,
  createdAt: mediaUploads.createdAt,
};

/** Uploaded images (ADR 0039): the only file touching media_uploads. */
export function createMediaRepo(db: Db) {
  return {
    transaction: <T>(fn: (tx: Tx) => Promise<T>) => db.transaction(fn),

    /**
     * Stores the bytes unless the same ones are stored already (the unique SHA-256): created false
     * and the row that was there. Two uploads of one file at once: one inserts, the other waits
     * for it on the unique index and then reads it.
     */
    async insertOnce(
      tx: Tx,
      values: MediaInsert,
      now: Date,
    ): Promise<{ row: MediaInfo; created: boolean }> {
      const [inserted] = await tx
        .insert(mediaUploads)
        .values({ ...values, createdAt: now })
        .onConflictDoNothing({ target: mediaUploads.sha256 })
        .returning(info);
      if (inserted) return { row: inserted, created: true };
      const [existing] = await tx
        .select(info)
        .from(mediaUploads)
        .where(eq(mediaUploads.sha256, values.sha256));
      if (!existing) throw new Error(`upload ${values.sha256} neither inserted nor found`);
      return { row: existing, created: false };
    },

    /** The upload with its bytes, for serving. */
    async bySha256(sha256: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(mediaUploads).where(eq(mediaUploads.sha256, sha256));
      return row;
    },

    /** Whether the upload of these bytes has its variants (made when it was stored). */
    async hasVariants(sha256: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(mediaVariants)
        .innerJoin(mediaUploads, eq(mediaUploads.id, mediaVariants.uploadId))
        .where(eq(mediaUploads.sha256, sha256))
        .limit(1);
      return row !== undefined;
    },

    /** Stores an upload's variants; ones already there (the same upload at once) are kept. */
    async insertVariants(tx: Tx, uploadId: string, variants: MediaVariant[]): Promise<void> {
      if (variants.length === 0) return;
      await tx
        .insert(mediaVariants)
        .values(variants.map((v) => ({ ...v, uploadId, size: v.bytes.length })))
        .onConflictDoNothing();
    },

    /**
     * The upload's variant of this type that is widest without being wider than `width`;
     * undefined when it has none (an upload stored before variants were made, ADR 0067).
     */
    async variant(
      uploadId: string,
      contentType: string,
      width: number,
    ): Promise<MediaVariantRow | undefined> {
      const [row] = await db
        .select({
          width: mediaVariants.width,
          contentType: mediaVariants.contentType,
          bytes: mediaVariants.bytes,
          size: mediaVariants.size,
        })
        .from(mediaVariants)
        .where(
          and(
            eq(mediaVariants.uploadId, uploadId),
            eq(mediaVariants.contentType, contentType),
            lte(mediaVariants.width, width),
          ),
        )
        .orderBy(desc(mediaVariants.width))
        .limit(1);
      return row;
    },

    /** The upload's type, when there is one (no bytes read). */
    async contentTypeOf(sha256: string): Promise<string | undefined> {
      const [row] = await db
        .select({ contentType: mediaUploads.contentType })
        .from(mediaUploads)
        .where(eq(mediaUploads.sha256, sha256));
      return row?.contentType;
    },
  };
}

/** A stored variant as served. */
export type MediaVariantRow = Pick<
  typeof mediaVariants.$inferSelect,
  'width' | 'contentType' | 'bytes' | 'size'
>;

export type MediaRepo = ReturnType<typeof createMediaRepo>;
