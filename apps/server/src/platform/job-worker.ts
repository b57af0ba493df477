import { randomInt } from 'node:crypto';
import { notInArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import { jobs } from './jobs.tables.ts';
import type { JobOutcome, ShopMetrics } from './metrics.ts';

export type JobRow = typeof jobs.$inferSelect;

/** Does one job. Throwing retries it later (RetryJob names when); returning completes it. */
export type JobHandler = (job: JobRow) => Promise<void>;

export interface JobType {
  handle: JobHandler;
  /** Called once when the last attempt failed: the work must end visibly, not stay stuck. */
  giveUp?: (job: JobRow, error: unknown) => Promise<void>;
}

/** Ask for a retry after a given delay, e.g. while rows it needs are locked by another worker. */
export class RetryJob extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'RetryJob';
  }
}

export const JOB_MAX_ATTEMPTS = 10;
/** Attempts a RetryJob may take without counting against JOB_MAX_ATTEMPTS (lock contention). */
const CONTENTION_ATTEMPTS = 1000;
const IDLE_POLL_MS = 500;
const MAX_FAILURE_BACKOFF_MS = 30_000;

/** 1 s, 2 s, 4 s … capped at 5 minutes, with ±20% jitter so failed jobs do not retry in step. */
export function backoffMs(attempt: number): number {
  const base = Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);
  return Math.round(base * (0.8 + randomInt(401) / 1000));
}

export interface JobWorker {
  /**
   * Runs due jobs until none is left (or `max` were run), one at a time; answers how many ran.
   * A job that fails is tried once per call, however long the call takes (its retry waits for
   * the next call). Tests and benchmarks call this to drive the queue deterministically.
   */
  runPendingJobs(options?: { max?: number }): Promise<number>;
  /** Polls the queue in the background with `concurrency` loops (and each lane's) until stop(). */
  start(): void;
  /** A job was just written: look now instead of at the next poll. */
  wake(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** A crashed process's jobs, when no other process can hold them (embedded database). */
  requeueOrphans(): Promise<number>;
  /** The job types this worker runs (its lanes' included). */
  readonly types: readonly string[];
}

/** Job types run in slots of their own: the main loops never take them, nor they the others. */
export interface JobLane {
  types: Record<string, JobType>;
  concurrency: number;
}

/**
 * The outbox worker (ADR 0009). Claims one due job at a time with SELECT … FOR UPDATE SKIP LOCKED
 * and a lease: several workers (processes or loops) never take the same job, and a job whose
 * worker died (lease passed without heartbeat) is taken again. Handlers must be idempotent: a job
 * may run again after a crash at any point.
 */
export function createJobWorker(deps: {
  db: Db;
  types: Record<string, JobType>;
  log: FastifyBaseLogger;
  leaseSeconds: number;
  concurrency: number;
  /**
   * Job types with loops of their own beside the `concurrency` main ones (e.g. pushes to outside
   * services, ADR 0042): however slow they are, they never hold a main loop.
   */
  lanes?: JobLane[];
  /** Failed runs before a job is given up (its giveUp handler runs); JOB_MAX_ATTEMPTS if absent. */
  maxAttempts?: number;
  /** Times each job run (metrics on); absent, nothing is measured. */
  metrics?: Pick<ShopMetrics, 'jobRan'> | null;
}): JobWorker {
  const { db, log } = deps;
  const leaseMs = deps.leaseSeconds * 1000;
  const lanes = deps.lanes ?? [];
  const handlers: Record<string, JobType> = { ...deps.types };
  for (const lane of lanes) Object.assign(handlers, lane.types);
  const types = Object.keys(handlers);
  const leaseEnd = () => sql`now() + make_interval(secs => ${deps.leaseSeconds})`;

  /**
   * The next due job of one of `types` (all by default), now held by this worker; never one of
   * `skip` (the jobs a runPendingJobs call has already seen fail).
   */
  async function claim(
    ofTypes: readonly string[] = types,
    skip: ReadonlySet<string> = new Set(),
  ): Promise<JobRow | null> {
    if (ofTypes.length === 0) return null;
    const notSkipped = skip.size === 0 ? sql`` : sql`and ${notInArray(jobs.id, [...skip])}`;
    const due = sql`(
      select ${jobs.id} from ${jobs}
      where ${jobs.type} in (${sql.join(
        ofTypes.map((t) => sql`${t}`),
        sql`, `,
      )})
        ${notSkipped}
        and ((${jobs.status} = 'queued' and ${jobs.runAt} <= now())
          or (${jobs.status} = 'running' and ${jobs.lockedUntil} < now()))
      order by ${jobs.runAt}
      limit 1
      for update skip locked
    )`;
    const [row] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: leaseEnd(),
        updatedAt: sql`now()`,
      })
      .where(sql`${jobs.id} = ${due}`)
      .returning();
    return row ?? null;
  }

  /** Only while we still hold it: a worker whose lease was taken over must not overwrite. */
  async function finish(job: JobRow, change: PgUpdateSetSource<typeof jobs>): Promise<void> {
    await db
      .update(jobs)
      .set({ ...change, updatedAt: sql`now()` })
      .where(
        sql`${jobs.id} = ${job.id} and ${jobs.status} = 'running' and ${jobs.attempts} = ${job.attempts}`,
      );
  }

  /** Runs a claimed job to its end and answers how it ended (as the metrics count it). */
  async function runOne(job: JobRow): Promise<JobOutcome> {
    const started = performance.now();
    const waitedSeconds = (Date.now() - job.runAt.getTime()) / 1000;
    const measure = (outcome: JobOutcome) =>
      deps.metrics?.jobRan(job.type, outcome, (performance.now() - started) / 1000, waitedSeconds);
    const type = handlers[job.type];
    const heartbeat = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: leaseEnd() })
          .where(
            sql`${jobs.id} = ${job.id} and ${jobs.status} = 'running' and ${jobs.attempts} = ${job.attempts}`,
          )
          .then(
            () => undefined,
            (err: unknown) => {
              log.warn({ err, jobId: job.id }, 'job heartbeat failed');
            },
          );
      },
      Math.max(500, leaseMs / 3),
    );
    heartbeat.unref();
    try {
      if (!type) throw new Error(`No handler for job type ${job.type}`);
      await type.handle(job);
      await finish(job, { status: 'done', lockedUntil: null, lastError: null });
      measure('done');
      return 'done';
    } catch (err) {
      const contention = err instanceof RetryJob;
      const limit = contention ? CONTENTION_ATTEMPTS : (deps.maxAttempts ?? JOB_MAX_ATTEMPTS);
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempts < limit) {
        const delay = contention ? err.delayMs : backoffMs(job.attempts);
        if (!contention) log.warn({ err, jobId: job.id, type: job.type }, 'job failed; will retry');
        await finish(job, {
          status: 'queued',
          lockedUntil: null,
          lastError: message,
          runAt: sql`now() + make_interval(secs => ${delay / 1000})`,
          // Contention is no failure: give back the attempt the claim counted, so it never eats
          // the JOB_MAX_ATTEMPTS budget. Ownership holds: finish matches the claimed count, and a
          // later claim of this job counts it again (a stale owner never sees its count running).
          ...(contention ? { attempts: sql`${jobs.attempts} - 1` } : {}),
        });
        const outcome = contention ? 'contention' : 'retry';
        measure(outcome);
        return outcome;
      } else {
        log.error({ err, jobId: job.id, type: job.type }, 'job failed for the last time');
        try {
          await type?.giveUp?.(job, err);
        } catch (giveUpErr) {
          log.error({ err: giveUpErr, jobId: job.id }, 'job give-up handler failed');
        }
        await finish(job, { status: 'failed', lockedUntil: null, lastError: message });
        measure('failed');
        return 'failed';
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  let running = false;
  let loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });

  // Consecutive failed rounds of all loops (the database is down or frozen): they wait 1 s, 2 s,
  // 4 s … up to 30 s between tries instead of hammering it, and resume at the first success.
  // Meanwhile one loop at a time probes; the others wait for it, so the tries do not grow with
  // the number of loops (the lanes' included). Until the database has answered once since start,
  // the loops probe one at a time too: a worker started while it is down tries once, not once per
  // loop (six loops made nine tries in 4.5 s once the reminders' and requests' lanes came).
  let failedRounds = 0;
  let answered = false;
  let probing = false;
  async function loop(ofTypes: readonly string[]): Promise<void> {
    while (running) {
      const unsure = failedRounds > 0 || !answered;
      if (unsure && probing) {
        await sleep(IDLE_POLL_MS);
        continue;
      }
      const probe = unsure;
      if (probe) probing = true;
      let job: JobRow | null = null;
      try {
        job = await claim(ofTypes);
        if (failedRounds > 0) log.info('job worker: the database answers again, resuming');
        failedRounds = 0;
        answered = true;
        if (probe) probing = false;
        if (job) await runOne(job);
      } catch (err) {
        failedRounds += 1;
        // Once per outage at error level; the further tries quietly.
        if (failedRounds === 1) log.error({ err }, 'job worker loop error; backing off');
        else log.debug({ err, failedRounds }, 'job worker still failing');
        await sleep(Math.min(backoffMs(failedRounds), MAX_FAILURE_BACKOFF_MS));
        if (probe) probing = false;
        continue;
      }
      if (!job) await sleep(IDLE_POLL_MS);
    }
  }

  return {
    types,
    async runPendingJobs(options = {}) {
      let ran = 0;
      const max = options.max ?? Number.POSITIVE_INFINITY;
      // A job that failed in this call waits for the next one, even if its backoff ends while
      // this call still runs others: one call gives a job at most one failed try, however slow
      // the machine. Lock contention (RetryJob) is no failure: it may run again in the call.
      const failedHere = new Set<string>();
      while (ran < max) {
        const job = await claim(types, failedHere);
        if (!job) break;
        if ((await runOne(job)) === 'retry') failedHere.add(job.id);
        ran++;
      }
      return ran;
    },
    start() {
      if (running) return;
      running = true;
      answered = false;
      const mainTypes = Object.keys(deps.types);
      loops = [
        ...Array.from({ length: deps.concurrency }, () => loop(mainTypes)),
        ...lanes.flatMap((lane) => {
          const laneTypes = Object.keys(lane.types);
          return Array.from({ length: lane.concurrency }, () => loop(laneTypes));
        }),
      ];
    },
    wake() {
      for (const wake of [...sleepers]) wake();
    },
    async stop() {
      running = false;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops);
      loops = [];
    },
    async requeueOrphans() {
      const rows = await db
        .update(jobs)
        .set({ status: 'queued', lockedUntil: null, runAt: sql`now()`, updatedAt: sql`now()` })
        .where(sql`${jobs.status} = 'running'`)
        .returning({ id: jobs.id });
      return rows.length;
    },
  };
}
