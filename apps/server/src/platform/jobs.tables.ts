import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtNow, moment, primaryId, updatedAtNow } from './columns.ts';

export const jobStatus = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);

/**
 * Transactional outbox of background work (DESIGN §6.3): a job is written in the same transaction
 * as the change that needs it, so it exists exactly when the change committed. A worker claims
 * queued jobs (SELECT … FOR UPDATE SKIP LOCKED); the dedupe key makes a second write a no-op.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: primaryId(),
    /** e.g. fulfil_order. */
    type: text('type').notNull(),
    /** e.g. fulfil_order:<orderId>: one job per purpose. */
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: jobStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: moment('run_at').notNull().defaultNow(),
    lockedUntil: moment('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAtNow(),
    updatedAt: updatedAtNow(),
  },
  (t) => [
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
    index('jobs_queue_idx').on(t.status, t.runAt),
    // The jobs of one order (the back-office's order timeline, issue 17): each names it in its payload.
    index('jobs_order_idx').on(sql`(${t.payload} ->> 'orderId')`),
  ],
);
