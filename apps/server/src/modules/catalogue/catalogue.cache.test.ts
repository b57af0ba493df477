import { randomBytes } from 'node:crypto';
import type { Product } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  dropCatalogueGeneration,
  otherInstance,
  type TestApp,
} from '../../test/app-kit.ts';
import { products } from './catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';

// Needs a Redis server; CI and the helpers' machine set TEST_REDIS_URL=redis://127.0.0.1:6379.
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('catalogue cache with two instances sharing one Redis', () => {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  let a: TestApp;
  let b: FastifyInstance;
  let closeOther: () => Promise<void> = () => Promise.resolve();
  let mptId: string;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl ?? '', REDIS_KEY_PREFIX: prefix };
    a = await createTestApp({ env });
    mptId = (await insertTestCatalogue(a.database.db)).productId('T-MPT-1000');
    // Instance B: another process in production; here a second app on the same database.
    const second = await otherInstance(a);
    b = second.app;
    closeOther = second.close;
  });
  afterAll(async () => {
    await closeOther();
    await a.close();
    await dropCatalogueGeneration(redisUrl, prefix);
  });

  const price = async (app: FastifyInstance) => {
    const res = await app.inject({
      url: `/api/v1/products/${mptId}`,
      headers: { 'accept-language': 'en' },
    });
    return res.json<{ data: Product }>().data.price;
  };
  const listedPrice = async (app: FastifyInstance) => {
    const res = await app.inject({
      url: '/api/v1/products/category/mobile-topup?sortField=name&operator=MPT',
      headers: { 'accept-language': 'en' },
    });
    return res.json<{ data: Product[] }>().data.find((p) => p.id === mptId)?.price;
  };

  it('a change announced on instance A reaches the cache of instance B', async () => {
    expect(await price(a.app)).toBe(1000);
    expect(await price(b)).toBe(1000);
    expect(await listedPrice(b)).toBe(1000);

    await a.database.db.update(products).set({ priceMmk: 1200 }).where(eq(products.id, mptId));
    // Not announced yet: both instances still answer from their caches.
    expect(await price(b)).toBe(1000);

    await a.app.catalogueChanged();
    expect(await price(a.app)).toBe(1200);
    const deadline = Date.now() + 5000;
    while ((await price(b)) !== 1200) {
      if (Date.now() > deadline) throw new Error('instance B still answers the old price');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(await listedPrice(b)).toBe(1200);
  });
});
