import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedResponse } from '../../platform/cache.ts';
import { announceCatalogueChange, createCatalogueCache } from './catalogue-cache.ts';

const noErrors = (err: unknown, what: string) => {
  throw new Error(`${what}: ${String(err)}`);
};

describe('announceCatalogueChange (the stock import telling running servers)', () => {
  it('without Redis there is nobody to tell', async () => {
    expect(
      await announceCatalogueChange({ redisUrl: undefined, redisKeyPrefix: 'x:' }, noErrors),
    ).toBe(false);
  });

  it('an unreachable Redis is reported, not claimed as told', async () => {
    const heard: string[] = [];
    const told = await announceCatalogueChange(
      { redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'x:' },
      (_err, what) => heard.push(what),
    );
    expect(told).toBe(false);
    expect(heard.length).toBeGreaterThan(0);
  });

  // Needs a Redis server; CI sets TEST_REDIS_URL=redis://127.0.0.1:6379.
  const redisUrl = process.env.TEST_REDIS_URL;
  const config = { redisUrl, redisKeyPrefix: `test:${randomBytes(6).toString('hex')}:` };
  afterAll(async () => {
    if (!redisUrl) return;
    const raw = new Redis(redisUrl);
    await raw.del(`${config.redisKeyPrefix}catalogue:generation`);
    await raw.quit();
  });

  it.runIf(redisUrl)('a server holding cached listings drops them at once', async () => {
    const server = createCatalogueCache(config, noErrors);
    try {
      await server.ready();
      await server.getOrCompute('products:en', () => Promise.resolve(cachedResponse('{}')));
      expect(server.size).toBe(1);
      expect(await announceCatalogueChange(config, noErrors)).toBe(true);
      const deadline = Date.now() + 5000;
      while (server.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(server.size).toBe(0);
    } finally {
      await server.close();
    }
  });
});
