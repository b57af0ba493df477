import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  type RateLimitStore,
} from './rate-limit.ts';
import { createRedisClient } from './redis.ts';

function behavesAsAWindow(
  make: () => { store: RateLimitStore; advance: (ms: number) => Promise<void> },
) {
  it('counts hits in a window that starts with the first hit and then ends', async () => {
    const { store, advance } = make();
    expect(await store.count('a')).toBe(0);
    expect(await store.hit('a', 400)).toBe(1);
    expect(await store.hit('a', 400)).toBe(2);
    expect(await store.count('a')).toBe(2);
    expect(await store.count('b')).toBe(0);
    await advance(500);
    expect(await store.count('a')).toBe(0);
    expect(await store.hit('a', 400)).toBe(1);
    await store.reset('a');
    expect(await store.count('a')).toBe(0);
  });

  it('release takes one back, never below zero and never creating a window', async () => {
    const { store } = make();
    await store.hit('r', 10_000);
    await store.hit('r', 10_000);
    await store.release('r');
    expect(await store.count('r')).toBe(1);
    await store.release('r');
    await store.release('r');
    expect(await store.count('r')).toBe(0);
    await store.release('never');
    expect(await store.count('never')).toBe(0);
  });

  it('claim sets a mark once and tells the time left to the others', async () => {
    const { store, advance } = make();
    expect(await store.claim('c', 400)).toBe(0);
    const left = await store.claim('c', 400);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(400);
    await advance(500);
    expect(await store.claim('c', 400)).toBe(0);
  });
}

describe('memory rate-limit store', () => {
  behavesAsAWindow(() => {
    let now = 0;
    const store = createMemoryRateLimitStore(() => new Date(now));
    return {
      store,
      advance: (ms) => {
        now += ms;
        return Promise.resolve();
      },
    };
  });
});

// Needs a Redis server: runs when TEST_REDIS_URL names one (CI and the dev machine set it).
describe.runIf(process.env.TEST_REDIS_URL)('redis rate-limit store', () => {
  const stores: RateLimitStore[] = [];
  afterAll(async () => {
    for (const store of stores) await store.close();
  });
  behavesAsAWindow(() => {
    const store = createRedisRateLimitStore(
      createRedisClient(process.env.TEST_REDIS_URL ?? ''),
      `test:${randomBytes(6).toString('hex')}:`,
    );
    stores.push(store);
    // Redis expires keys on its own clock: real (short) time has to pass.
    return { store, advance: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };
  });
});
