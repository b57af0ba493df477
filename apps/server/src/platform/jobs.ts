import { sql } from 'drizzle-orm';
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
