import { and, asc, count, eq, isNotNull, lte } from 'drizzle-orm';
import { lockForTransaction, type Db } from '../../platform/db.ts';
import { savedRecipients } from './recipients.tables.ts';

export type RecipientRow = typeof savedRecipients.$inferSelect;
export type RecipientFields = Pick<
  RecipientRow,
  'name' | 'phoneNumber' | 'operatorCode' | 'usualProductId'
>;
/** A row's reminder state (ADR 0079). */
export type ReminderFields = Pick<
  RecipientRow,
  | 'remindEveryDays'
  | 'remindNextAt'
  | 'remindLanguage'
  | 'remindSentAt'
  | 'remindPaidMark'
  | 'remindIgnored'
  | 'remindStoppedAt'
>;

/** The saved recipients' rows; every read and write names the account, so no one sees another's. */
export function createRecipientsRepo(db: Db) {
  return {
    listFor(userId: string): Promise<RecipientRow[]> {
      return db
        .select()
        .from(savedRecipients)
        .where(eq(savedRecipients.userId, userId))
        .orderBy(asc(savedRecipients.createdAt), asc(savedRecipients.id));
    },

    async find(userId: string, id: string): Promise<RecipientRow | null> {
      const [row] = await db
        .select()
        .from(savedRecipients)
        .where(and(eq(savedRecipients.userId, userId), eq(savedRecipients.id, id)));
      return row ?? null;
    },

    /**
     * Inserts the row unless the account already has `max` (null then). The count and the insert
     * are one transaction under the account's lock, so two adds at once cannot pass `max`.
     */
    insertUnderLimit(
      userId: string,
      fields: RecipientFields & Partial<ReminderFields>,
      max: number,
    ): Promise<RecipientRow | null> {
      return db.transaction(async (tx) => {
        await lockForTransaction(tx, `recipients:${userId}`);
        const [counted] = await tx
          .select({ n: count() })
          .from(savedRecipients)
          .where(eq(savedRecipients.userId, userId));
        if ((counted?.n ?? 0) >= max) return null;
        const [row] = await tx
          .insert(savedRecipients)
          .values({ userId, ...fields })
          .returning();
        if (!row) throw new Error('saved recipient insert returned no row');
        return row;
      });
    },

    async update(
      userId: string,
      id: string,
      fields: Partial<RecipientFields & ReminderFields>,
      now: Date,
    ): Promise<RecipientRow | null> {
      const [row] = await db
        .update(savedRecipients)
        .set({ ...fields, updatedAt: now })
        .where(and(eq(savedRecipients.userId, userId), eq(savedRecipients.id, id)))
        .returning();
      return row ?? null;
    },

    /**
     * Up to `limit` rows whose reminder is due at `now`, locked for the caller's transaction;
     * rows another transaction holds are skipped (SKIP LOCKED), so instances sweeping at once
     * each take different rows and none is sent twice (ADR 0079).
     */
    lockDueReminders(now: Date, limit: number): Promise<RecipientRow[]> {
      return db
        .select()
        .from(savedRecipients)
        .where(and(isNotNull(savedRecipients.remindNextAt), lte(savedRecipients.remindNextAt, now)))
        .orderBy(asc(savedRecipients.remindNextAt))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    /** The sweep's write of a locked row's reminder state. */
    async setReminder(id: string, fields: Partial<ReminderFields>): Promise<void> {
      await db.update(savedRecipients).set(fields).where(eq(savedRecipients.id, id));
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(savedRecipients)
        .where(and(eq(savedRecipients.userId, userId), eq(savedRecipients.id, id)))
        .returning({ id: savedRecipients.id });
      return rows.length > 0;
    },
  };
}
export type RecipientsRepo = ReturnType<typeof createRecipientsRepo>;

/** `work` in one transaction, with the repo on it and the transaction for other rooms' records. */
export type RecipientsTransaction = <T>(
  work: (repo: RecipientsRepo, tx: Db) => Promise<T>,
) => Promise<T>;

export const recipientsTransaction =
  (db: Db): RecipientsTransaction =>
  (work) =>
    db.transaction((tx) => work(createRecipientsRepo(tx), tx));
