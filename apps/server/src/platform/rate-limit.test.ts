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

  it('a sliding hit restarts the window; a plain one keeps it', async () => {
    const { store, advance } = make();
    await store.hit('s', 400, { slide: true });
    await store.hit('f', 400);
    await advance(250);
    expect(await store.hit('s', 400, { slide: true })).toBe(2);
    expect(await store.hit('f', 400)).toBe(2);
    await advance(250);
    // 500 ms after the first hit: the fixed window is over, the sliding one (hit 250 ms ago) is not.
    expect(await store.count('f')).toBe(0);
    expect(await store.count('s')).toBe(2);
  });

  it('timeLeft tells how long a window, mark or set still lives; 0 for none', async () => {
    const { store, advance } = make();
    expect(await store.timeLeft('t')).toBe(0);
    await store.hit('t', 400);
    await store.claim('m', 400);
    await store.addMember('set', 'x', 400);
    for (const key of ['t', 'm', 'set']) {
      const left = await store.timeLeft(key);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(400);
    }
    await advance(500);
    for (const key of ['t', 'm', 'set']) expect(await store.timeLeft(key)).toBe(0);
  });

  it('a set counts different members once each, for its window', async () => {
    const { store, advance } = make();
    expect(await store.addMember('d', 'a', 400)).toEqual({ added: true, size: 1 });
    expect(await store.addMember('d', 'b', 400)).toEqual({ added: true, size: 2 });
    expect(await store.addMember('d', 'a', 400)).toEqual({ added: false, size: 2 });
    await store.removeMember('d', 'a');
    await store.removeMember('d', 'never');
    expect(await store.addMember('d', 'c', 400)).toEqual({ added: true, size: 2 });
    await store.reset('d');
    expect(await store.addMember('d', 'e', 400)).toEqual({ added: true, size: 1 });
    await advance(500);
    expect(await store.addMember('d', 'e', 400)).toEqual({ added: true, size: 1 });
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
