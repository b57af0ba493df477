import { count, inArray, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { jobs } from './jobs.tables.ts';

export interface NewJob {
  type: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
}

/**
 * Writes a job with the caller's transaction (transactional outbox, DESIGN §6.3); a job with the
 * same dedupe key already written makes this a no-op. Returns whether a job was added.
 */
export async function enqueueJob(tx: Db, job: NewJob): Promise<boolean> {
  const rows = await tx
    .insert(jobs)
    .values({ ...job, runAt: sql`now()` })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Jobs not done, per type and status (queued, running, failed), for the metrics scrape: done jobs,
 * nearly all of the table, are left out through jobs_queue_idx.
 */
export async function countOpenJobs(
  db: Db,
): Promise<{ type: string; status: 'queued' | 'running' | 'failed'; count: number }[]> {
  const rows = await db
    .select({ type: jobs.type, status: jobs.status, count: count() })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running', 'failed']))
    .groupBy(jobs.type, jobs.status);
  return rows.flatMap((r) => (r.status === 'done' ? [] : [{ ...r, status: r.status }]));
}
