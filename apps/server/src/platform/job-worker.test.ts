import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/app-kit.ts';
import { createJobWorker, JOB_MAX_ATTEMPTS, RetryJob } from './job-worker.ts';
import { enqueueJob } from './jobs.ts';
import { jobs } from './jobs.tables.ts';

describe('job worker', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  /** A worker on the test database: silent, a 30 s lease, one main loop, these job types (and lanes). */
  const workerFor = (jobTypes: Pick<Parameters<typeof createJobWorker>[0], 'types' | 'lanes'>) =>
    createJobWorker({
      db: database.db,
      log: pino({ level: 'silent' }),
      leaseSeconds: 30,
      concurrency: 1,
      ...jobTypes,
    });

  it('contention retries (RetryJob) do not use up the attempts a real error has', async () => {
    const { db } = database;
    let contended = 0;
    let failures = 0;
    const worker = workerFor({
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
  it('one runPendingJobs call tries a failing job once, even when its retry falls due meanwhile; contention is retried within it', async () => {
    const { db } = database;
    let flakyTries = 0;
    let contendedTries = 0;
    const worker = workerFor({
      types: {
        flaky: {
          handle: () => {
            flakyTries++;
            return Promise.reject(new Error('provider down'));
          },
        },
        // Longer than the first retry's backoff (1 s ± 20%): the flaky job is due again after it.
        slow: { handle: () => new Promise((resolve) => setTimeout(resolve, 1500)) },
        briefly_contended: {
          handle: () => {
            contendedTries++;
            return contendedTries < 3
              ? Promise.reject(new RetryJob('locked', 0))
              : Promise.resolve();
          },
        },
      },
    });
    await enqueueJob(db, { type: 'flaky', dedupeKey: 'flaky:1', payload: {} });
    await db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.type, 'flaky'));
    await enqueueJob(db, { type: 'slow', dedupeKey: 'slow:1', payload: {} });
    await enqueueJob(db, {
      type: 'briefly_contended',
      dedupeKey: 'briefly_contended:1',
      payload: {},
    });
    const row = async (type: string) =>
      (await db.select().from(jobs).where(eq(jobs.type, type)))[0];

    await worker.runPendingJobs();
    expect(flakyTries).toBe(1);
    expect(await row('flaky')).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await row('slow')).toMatchObject({ status: 'done' });
    expect(contendedTries).toBe(3);
    expect(await row('briefly_contended')).toMatchObject({ status: 'done' });
    // The next call takes it again.
    await worker.runPendingJobs();
    expect(flakyTries).toBe(2);
    expect(await row('flaky')).toMatchObject({ status: 'queued', attempts: 2 });
  });
  it('runs a lane’s jobs in loops of their own: stuck ones never hold a main loop (ADR 0042)', async () => {
    const { db } = database;
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowStarted = 0;
    let fastDone = 0;
    const worker = workerFor({
      types: {
        lane_fast: {
          handle: () => {
            fastDone += 1;
            return Promise.resolve();
          },
        },
      },
      lanes: [
        {
          types: {
            lane_slow: {
              handle: () => {
                slowStarted += 1;
                return stuck;
              },
            },
          },
          concurrency: 2,
        },
      ],
    });
    expect([...worker.types].sort()).toEqual(['lane_fast', 'lane_slow']);
    for (let i = 0; i < 5; i++)
      await enqueueJob(db, { type: 'lane_slow', dedupeKey: `lane_slow:${String(i)}`, payload: {} });
    worker.start();
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
      return check();
    };
    expect(await until(() => slowStarted === 2)).toBe(true);
    await enqueueJob(db, { type: 'lane_fast', dedupeKey: 'lane_fast:1', payload: {} });
    worker.wake();
    expect(await until(() => fastDone === 1)).toBe(true);
    // The lane's two loops hold two stuck jobs; the main loop never took a third.
    expect(slowStarted).toBe(2);
    release();
    await worker.stop();
  });
});
