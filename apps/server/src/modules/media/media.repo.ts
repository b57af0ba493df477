import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db.ts';
import { mediaUploads } from './media.tables.ts';

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

export type MediaRepo = ReturnType<typeof createMediaRepo>;
