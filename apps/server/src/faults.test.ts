import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, login, newPerson, post, verifiedPerson, type Person } from './test/auth-kit.ts';
import { REFUND_NOTICE_JOB } from './modules/refunds/refunds.service.ts';
import { enqueueJob } from './platform/jobs.ts';
import { jobs } from './platform/jobs.tables.ts';
import { createTestApp, type TestApp, redisKeys } from './test/app-kit.ts';
import { startTcpProxy, type TcpProxy } from './test/fault-kit.ts';

/**
 * Faults (issue 13, ADR 0025): Redis and PostgreSQL go down or freeze under a running shop,
 * through a TCP proxy the test breaks. The shop answers — from its local limiter, or 503 with
 * Retry-After and the API's error body — never 500, and recovers on its own.
 */

const hostPort = (url: string) => {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 0) };
};

const eventually = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
};

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

describe.runIf(process.env.TEST_REDIS_URL)('Redis down or frozen under a running shop', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let person: Person;
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const readyz = async () =>
    (await t.app.inject({ url: '/readyz' })).json<{ status: string; redis?: string }>();

  beforeAll(async () => {
    proxy = await startTcpProxy(hostPort(process.env.TEST_REDIS_URL ?? ''));
    t = await createTestApp({
      env: { REDIS_URL: `redis://127.0.0.1:${String(proxy.port)}`, REDIS_KEY_PREFIX: prefix },
    });
    person = await verifiedPerson(t);
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  it('login, wrong passwords and password reset keep working (limits kept locally); /readyz says so; Redis is used again once back', async () => {
    expect(await readyz()).toEqual({ status: 'ok', database: 'up', redis: 'up' });
    await login(t, person);

    proxy.cut();
    await eventually(async () => (await readyz()).redis === 'down');
    expect((await readyz()).status).toBe('ok');
    // The right password logs in; wrong ones are still limited (5, then 429), never a 500.
    await login(t, person);
    const other = newPerson();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await post(
        t,
        '/api/v1/auth/login',
        { email: other.email, password: 'wrong-password-1' },
        { 'x-forwarded-for': '10.77.0.1' },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const reset = await post(t, '/api/v1/auth/password/reset/request', { email: person.email });
    expect(reset.statusCode).toBe(200);

    proxy.restore();
    await eventually(async () => (await readyz()).redis === 'up');
    await login(t, person);
    // Shared again (within FAILOVER_RETRY_MS): a failure now is counted in Redis.
    await eventually(async () => {
      const failed = await post(t, '/api/v1/auth/login', {
        email: person.email,
        password: 'wrong-password-2',
      });
      expect(failed.statusCode).toBe(401);
      return (await redisKeys(`${prefix}rl:*`)).length > 0;
    });
  });

  it('a frozen Redis (no answers) holds a login about a second, not for ever', async () => {
    await eventually(async () => (await readyz()).redis === 'up');
    proxy.freeze();
    const { value, ms } = await timed(() =>
      post(t, '/api/v1/auth/login', { email: person.email, password: person.password }),
    );
    expect(value.statusCode).toBe(200);
    expect(ms).toBeLessThan(3000);
    expect((await readyz()).redis).toBe('down');
    proxy.restore();
    await eventually(async () => (await readyz()).redis === 'up');
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'PostgreSQL down or frozen under a running shop',
  () => {
    let proxy: TcpProxy;
    let t: TestApp;
    const wrongLogin = (language = 'en') =>
      post(
        t,
        '/api/v1/auth/login',
        { email: 'nobody@example.com', password: 'wrong-password-3' },
        { 'accept-language': language },
      );

    beforeAll(async () => {
      proxy = await startTcpProxy(hostPort(process.env.TEST_DATABASE_URL ?? ''));
      t = await createTestApp({
        database: { throughPort: proxy.port, timeouts: { connectMs: 500, queryMs: 1000 } },
        env: { JOB_CONCURRENCY: '1' },
      });
    });
    afterAll(async () => {
      await t.app.stopJobWorker();
      proxy.restore();
      await t.close();
      await proxy.close();
    });

    it('frozen: calls answer 503 with Retry-After and the error body in the request language within the timeouts; then recover', async () => {
      expect((await wrongLogin()).statusCode).toBe(401);
      proxy.freeze();
      const { value: res, ms } = await timed(() => wrongLogin());
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(errorOf(res)).toMatchObject({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        error: 'The shop is busy right now. Please try again in a moment.',
      });
      expect(ms).toBeLessThan(2500);
      const burmese = await wrongLogin('my');
      expect(burmese.statusCode).toBe(503);
      expect(errorOf(burmese).error).toBe('ဆိုင်သည် ယခု အလုပ်များနေပါသည်။ ခဏအကြာတွင် ထပ်မံကြိုးစားပါ။');
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);

      proxy.restore();
      await eventually(async () => (await wrongLogin()).statusCode === 401);
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    });

    it('down: 503 at once; the job worker backs off (not a try every 0.5 s) and resumes', async () => {
      proxy.cut();
      const { value: res, ms } = await timed(() => wrongLogin());
      expect(res.statusCode).toBe(503);
      expect(ms).toBeLessThan(1500);

      // Only the worker touches the database now: count its connection attempts for 4.5 s.
      const before = proxy.connections;
      await t.app.startJobWorker();
      await new Promise((resolve) => setTimeout(resolve, 4500));
      const tries = proxy.connections - before;
      // Backing off 1 s, 2 s (±20 %): 3 or 4 tries; polling every 0.5 s would be 9 or more.
      expect(tries).toBeGreaterThanOrEqual(2);
      expect(tries).toBeLessThanOrEqual(5);

      proxy.restore();
      await eventually(async () => (await wrongLogin()).statusCode === 401);
      // The worker resumes: a job queued now is claimed (this one fails on purpose: no order).
      await enqueueJob(t.database.db, {
        type: REFUND_NOTICE_JOB,
        dedupeKey: `fault-test-${randomBytes(4).toString('hex')}`,
        payload: {},
      });
      await eventually(async () => {
        const [job] = await t.database.db
          .select({ attempts: jobs.attempts })
          .from(jobs)
          .where(eq(jobs.type, REFUND_NOTICE_JOB));
        return (job?.attempts ?? 0) >= 1;
      }, 20_000);
    });
  },
);
