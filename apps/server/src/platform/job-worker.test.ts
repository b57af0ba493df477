import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app.ts';
import { createJobWorker, JOB_MAX_ATTEMPTS, RetryJob } from './job-worker.ts';
import { enqueueJob } from './jobs.ts';
import { jobs } from './jobs.tables.ts';

describe('job worker', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('contention retries (RetryJob) do not use up the attempts a real error has', async () => {
    const { db } = database;
    let contended = 0;
    let failures = 0;
    const worker = createJobWorker({
      db,
      log: pino({ level: 'silent' }),
      leaseSeconds: 30,
      concurrency: 1,
      types: {
        contended: {
          handle: () => {
            // Many rounds of card contention, then a real error each time after.
            if (contended < JOB_MAX_ATTEMPTS + 5) {
              contended++;
              return Promise.reject(new RetryJob('cards locked', 0));
            }
            failures++;
            return Promise.reject(new Error('provider down'));
          },
        },
      },
    });
    await enqueueJob(db, { type: 'contended', dedupeKey: 'contended:1', payload: {} });
    const row = async () => (await db.select().from(jobs).where(eq(jobs.type, 'contended')))[0];
    const makeDue = () =>
      db
        .update(jobs)
        .set({ runAt: sql`now() - interval '1 second'` })
        .where(eq(jobs.type, 'contended'));
    for (let i = 0; i < JOB_MAX_ATTEMPTS + 5; i++) {
      await makeDue();
      expect(await worker.runPendingJobs({ max: 1 })).toBe(1);
    }
    expect(await row()).toMatchObject({ status: 'queued', attempts: 0 });
    // The real error still has its whole budget: retried, not given up at once.
    await makeDue();
    await worker.runPendingJobs({ max: 1 });
    expect(failures).toBe(1);
    expect(await row()).toMatchObject({ status: 'queued', attempts: 1 });
  });
});
