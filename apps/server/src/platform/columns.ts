import { timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * The column shapes every module's tables share (issue 30): one home for how a surrogate id, a
 * moment and a foreign key are written, so each `*.tables.ts` says only what is its own. Each is a
 * function because a column builder belongs to the one table it is put in.
 */

/** The surrogate key of a row: a random uuid Postgres picks when the insert gives none. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** A moment, with its time zone (every timestamp of the schema is one). Nullable unless chained. */
export const moment = <TName extends string>(name: TName) =>
  timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAtNow = () => moment('created_at').notNull().defaultNow();

/** When the row last changed; the repos set it on every update. */
export const updatedAtNow = () => moment('updated_at').notNull().defaultNow();

/** A required reference to another table's uuid key (`onDelete` as the foreign key wants it). */
export const uuidRef = <TName extends string>(
  name: TName,
  ref: ReferenceConfig['ref'],
  actions?: ReferenceConfig['actions'],
) => uuid(name).notNull().references(ref, actions);
