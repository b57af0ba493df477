import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { cachedResponse, createResponseCache, type ResponseCache } from './cache.ts';

const entry = (text: string) => cachedResponse(JSON.stringify({ text }));

describe('response cache (in process)', () => {
  const caches: ResponseCache[] = [];
  const make = (options: Partial<Parameters<typeof createResponseCache>[0]> = {}) => {
    const cache = createResponseCache({ name: 'test', ...options });
    caches.push(cache);
    return cache;
  };
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((c) => c.close()));
  });

  it('computes an entry once and then serves the same bytes', async () => {
    const cache = make();
    let computed = 0;
    const compute = () => {
      computed += 1;
      return Promise.resolve(entry('a'));
    };
    const first = await cache.getOrCompute('k', compute);
    const second = await cache.getOrCompute('k', compute);
    expect(second).toBe(first);
    expect(computed).toBe(1);
    expect(first.contentType).toBe('application/json; charset=utf-8');
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('shares one computation between concurrent misses', async () => {
    const cache = make();
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((r) => setTimeout(r, 20));
      return entry('a');
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => cache.getOrCompute('k', compute)),
    );
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('does not keep failures', async () => {
    const cache = make();
    await expect(
      cache.getOrCompute('k', () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow('db down');
    expect(
      (await cache.getOrCompute('k', () => Promise.resolve(entry('ok')))).body.toString(),
    ).toBe('{"text":"ok"}');
  });

  it('evicts the least recently used entries beyond its entry and byte bounds', async () => {
    const cache = make({ maxEntries: 2 });
    await cache.getOrCompute('a', () => Promise.resolve(entry('a')));
    await cache.getOrCompute('b', () => Promise.resolve(entry('b')));
    await cache.getOrCompute('a', () => Promise.resolve(entry('stale')));
    await cache.getOrCompute('c', () => Promise.resolve(entry('c')));
    expect(cache.size).toBe(2);
    // "b" was the least recently used: recomputed.
    expect(
      (await cache.getOrCompute('b', () => Promise.resolve(entry('b2')))).body.toString(),
    ).toBe('{"text":"b2"}');

    const small = make({ maxBytes: 40 });
    await small.getOrCompute('x', () => Promise.resolve(entry('x'.repeat(10))));
    await small.getOrCompute('y', () => Promise.resolve(entry('y'.repeat(10))));
    expect(small.size).toBe(1);
    // Bigger than the whole cache: answered, never stored.
    await small.getOrCompute('z', () => Promise.resolve(entry('z'.repeat(100))));
    expect(small.size).toBe(1);
  });

  it('keeps an alias (the request URL) pointing at the same entry until invalidated', async () => {
    const cache = make();
    expect(cache.peek('url:/x')).toBeUndefined();
    const value = await cache.getOrCompute('k', () => Promise.resolve(entry('a')), 'url:/x');
    expect(cache.peek('url:/x')).toBe(value);
    // A second URL for the same answer (other parameter order) joins on a hit.
    await cache.getOrCompute('k', () => Promise.resolve(entry('b')), 'url:/x?');
    expect(cache.peek('url:/x?')).toBe(value);
    await cache.invalidate();
    expect(cache.peek('url:/x')).toBeUndefined();
    expect(cache.peek('url:/x?')).toBeUndefined();
  });

  it('expires entries after their lifetime', async () => {
    let now = 1_000;
    const cache = make({ ttlMs: 100, now: () => now });
    await cache.getOrCompute('k', () => Promise.resolve(entry('old')));
    now += 99;
    expect(
      (await cache.getOrCompute('k', () => Promise.resolve(entry('new')))).body.toString(),
    ).toBe('{"text":"old"}');
    now += 1;
    expect(
      (await cache.getOrCompute('k', () => Promise.resolve(entry('new')))).body.toString(),
    ).toBe('{"text":"new"}');
  });

  it('drops everything on invalidate, and never stores an answer computed before it', async () => {
    const cache = make();
    await cache.getOrCompute('a', () => Promise.resolve(entry('a')));
    let release: () => void = () => undefined;
    const slow = cache.getOrCompute('b', async () => {
      await new Promise<void>((r) => (release = r));
      return entry('read before the change');
    });
    await cache.invalidate();
    expect(cache.size).toBe(0);
    release();
    // The caller in flight still gets its answer...
    expect((await slow).body.toString()).toBe('{"text":"read before the change"}');
    // ...but it is not kept for the next one.
    expect(
      (await cache.getOrCompute('b', () => Promise.resolve(entry('fresh')))).body.toString(),
    ).toBe('{"text":"fresh"}');
  });
});

describe('response cache when Redis is unreachable', () => {
  it('still starts, serves and invalidates locally, reporting the failures', async () => {
    const errors: string[] = [];
    const cache = createResponseCache({
      name: 'catalogue',
      // Nothing listens on port 1.
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: 'test:',
      onError: (_err, what) => errors.push(what),
    });
    try {
      await cache.ready();
      await cache.getOrCompute('k', () => Promise.resolve(entry('a')));
      expect(cache.size).toBe(1);
      await cache.invalidate();
      expect(cache.size).toBe(0);
      expect(errors).toEqual(
        expect.arrayContaining(['cache subscribe', 'cache invalidation broadcast']),
      );
    } finally {
      await cache.close();
    }
  });
});

// Needs a Redis server; CI and the helpers' machine set TEST_REDIS_URL=redis://127.0.0.1:6379.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('response cache shared through Redis', () => {
  const caches: ResponseCache[] = [];
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const make = (pollMs = 60_000) => {
    const cache = createResponseCache({ name: 'catalogue', redisUrl, keyPrefix: prefix, pollMs });
    caches.push(cache);
    return cache;
  };
  afterEach(async () => {
    await Promise.all(caches.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    const raw = new Redis(redisUrl ?? '');
    await raw.del(`${prefix}catalogue:generation`);
    await raw.quit();
  });

  const eventually = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  it('a change announced by one instance empties the other', async () => {
    const a = make();
    const b = make();
    await Promise.all([a.ready(), b.ready()]);
    await b.getOrCompute('k', () => Promise.resolve(entry('old')));
    expect(b.size).toBe(1);
    await a.invalidate();
    await eventually(() => b.size === 0, 'instance B to drop its entries');
    expect((await b.getOrCompute('k', () => Promise.resolve(entry('new')))).body.toString()).toBe(
      '{"text":"new"}',
    );
    // A does not clear itself twice when its own message comes back.
    const generation = a.generation;
    await a.getOrCompute('k', () => Promise.resolve(entry('a')));
    await new Promise((r) => setTimeout(r, 100));
    expect(a.generation).toBe(generation);
    expect(a.size).toBe(1);
  });

  it('catches up by polling when a notification was missed', async () => {
    const b = make(50);
    await b.ready();
    await b.getOrCompute('k', () => Promise.resolve(entry('old')));
    // A change counted without a message (as if the message was lost).
    const raw = new Redis(redisUrl ?? '');
    await raw.incr(`${prefix}catalogue:generation`);
    await raw.quit();
    await eventually(() => b.size === 0, 'the poll to notice the new generation');
  });
});
