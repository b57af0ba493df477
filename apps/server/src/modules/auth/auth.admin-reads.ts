import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { users } from './auth.tables.ts';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (text: string) => `%${escapeLike(text)}%`;

/** Who bought: what the back-office shows of a customer beside an order or a payment. */
const customerColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phoneNumber: users.phoneNumber,
};

/**
 * The back-office's reads of accounts (issue 30: a module owns the read models of its tables).
 * Plain rows, looked up by lists of ids; a search on accounts is answered as a subquery of their
 * ids, so that another module's list filtered by it stays one query, paged in the database.
 */
export function authAdminReads(db: Db) {
  return {
    /** The customers of these ids (any order). */
    async customersByIds(ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select(customerColumns)
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
    },

    /** The ids of the accounts whose e-mail contains the text (a subquery, for `inArray`). */
    idsWithEmailLike: (text: string) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.email, contains(text))),

    /** The ids of the accounts whose phone number contains the digits (a subquery). */
    idsWithPhoneLike: (digits: string) =>
      db
        .select({ id: users.id })
        .from(users)
        .where(ilike(users.phoneNumber, contains(digits))),

    /** One page of accounts (or the one `id`), newest first, by name, e-mail or phone. */
    async listAccounts(filter: {
      id?: string;
      q?: string | undefined;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.id) conditions.push(eq(users.id, filter.id));
      if (filter.q) {
        const like = contains(filter.q);
        conditions.push(
          or(
            ilike(users.name, like),
            ilike(users.email, like),
            ilike(users.phoneNumber, like),
          ) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
  };
}

export type AuthAdminReads = ReturnType<typeof authAdminReads>;
