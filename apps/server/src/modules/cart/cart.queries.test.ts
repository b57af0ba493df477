import type { PGlite } from '@electric-sql/pglite';
import { eq, inArray } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResponseCache, type ResponseCache } from '../../platform/cache.ts';
import type { Db } from '../../platform/db.ts';
import { createMediaUrls } from '../../platform/media.ts';
import { createTestDatabase } from '../../test/app-kit.ts';
import { createCatalogueRepo } from '../catalogue/catalogue.repo.ts';
import { createCatalogueService } from '../catalogue/catalogue.service.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { createCartRepo } from './cart.repo.ts';
import { createCartService, guestCartOwner, userCartOwner } from './cart.service.ts';

/**
 * Cart pricing costs a constant number of SQL statements whatever the cart's size (issue 5 budget:
 * add-to-cart at 200/s). The cart and catalogue services here run on their own drizzle instance over
 * the test database's client, whose logger counts every statement they send.
 */
describe('cart statements per call', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let cache: ResponseCache;
  let statements: string[] = [];
  let cart: ReturnType<typeof createCartService>;
  let db: Db;
  const extra: { id: string; price: number; discountPrice: number | null }[] = [];
  let archivedId: string;

  /** Statements sent while fn runs. */
  async function counted<T>(fn: () => Promise<T>): Promise<{ result: T; count: number }> {
    statements = [];
    const result = await fn();
    return { result, count: statements.length };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const fixtures = await insertTestCatalogue(database.db);
    archivedId = fixtures.productId('T-MPT-OLD');
    // Ten more data packages, each with its own price (every other one on sale).
    const rows = await database.db
      .insert(products)
      .values(
        Array.from({ length: 10 }, (_, i) => ({
          sku: `D-MPT-Q${i}`,
          categoryId: fixtures.data.id,
          operatorId: fixtures.operatorId('MPT'),
          kind: 'data' as const,
          name: { en: `MPT pack ${i}`, my: `MPT ပက် ${i}` },
          description: { en: 'Data', my: 'ဒေတာ' },
          priceMmk: 1000 + 100 * i,
          discountPriceMmk: i % 2 === 0 ? 900 + 100 * i : null,
          dataMb: 100 * (i + 1),
          validityDays: 7,
          imageUrl: '/media/products/data.svg',
        })),
      )
      .returning();
    for (const r of rows)
      extra.push({ id: r.id, price: r.priceMmk, discountPrice: r.discountPriceMmk });

    const logger = {
      logQuery: (query: string) => {
        statements.push(query);
      },
    };
    const client = (database.db as unknown as { $client: unknown }).$client;
    db =
      database.kind === 'pglite'
        ? drizzlePglite(client as PGlite, { logger })
        : drizzlePg(client as pg.Pool, { logger });
    cache = createResponseCache({ name: 'catalogue' });
    const catalogue = createCatalogueService(
      createCatalogueRepo(db),
      createMediaUrls('http://shop.test'),
      cache,
    );
    cart = createCartService(createCartRepo(db), catalogue);
  });
  afterAll(async () => {
    await cache.close();
    await database.dispose();
  });

  it('adds to a cart of any size in at most 3 statements and prices 10 lines in 2', async () => {
    const owner = guestCartOwner(`guest_1_${'a'.repeat(32)}`);
    const perAdd: number[] = [];
    for (const p of extra) {
      const { result, count } = await counted(() =>
        cart.add(owner, { productId: p.id, quantity: 2 }, 'en'),
      );
      perAdd.push(count);
      // Every line of every answer is priced, not only the line just added.
      expect(result.items.every((l) => l.available && l.unitPrice > 0)).toBe(true);
    }
    // Product check, upsert answering the lines, one query for the other lines' products.
    expect(perAdd).toEqual([2, 3, 3, 3, 3, 3, 3, 3, 3, 3]);

    const { result: answer, count } = await counted(() => cart.getCart(owner, 'my'));
    expect(count).toBe(2);
    expect(answer.items.map((l) => [l.productId, l.price, l.discountPrice, l.unitPrice])).toEqual(
      extra.map((p) => [p.id, p.price, p.discountPrice, p.discountPrice ?? p.price]),
    );
    expect(answer.items.map((l) => l.name)).toEqual(extra.map((_, i) => `MPT ပက် ${i}`));
    expect(answer.totalItems).toBe(20);
    expect(answer.totalAmount).toBe(
      extra.reduce((n, p) => n + 2 * (p.discountPrice ?? p.price), 0),
    );

    const priced = await counted(() => cart.pricedLines(owner, 'en'));
    expect(priced.count).toBe(2);
    expect(priced.result).toHaveLength(10);
  });

  it('reads prices and availability from the database on every call (nothing cached)', async () => {
    const owner = userCartOwner('00000000-0000-4000-8000-00000000000a');
    const [first, second, third] = extra as [
      (typeof extra)[0],
      (typeof extra)[0],
      (typeof extra)[0],
    ];
    for (const p of [first, second, third])
      await cart.add(owner, { productId: p.id, quantity: 1 }, 'en');
    await database.db
      .update(products)
      .set({ priceMmk: 7777, discountPriceMmk: null })
      .where(eq(products.id, second.id));
    await database.db
      .update(products)
      .set({ status: 'out_of_stock' })
      .where(eq(products.id, third.id));
    try {
      const answer = await cart.getCart(owner, 'en');
      expect(answer.items.map((l) => [l.unitPrice, l.available, l.status])).toEqual([
        [first.discountPrice ?? first.price, true, 'active'],
        [7777, true, 'active'],
        [third.discountPrice ?? third.price, false, 'out_of_stock'],
      ]);
      // The unavailable product cannot be added again, and adding another line reprices all.
      await expect(cart.add(owner, { productId: third.id, quantity: 1 }, 'en')).rejects.toThrow(
        'This product is currently unavailable',
      );
      const added = await cart.add(owner, { productId: first.id, quantity: 1 }, 'en');
      expect(added.items.map((l) => [l.quantity, l.unitPrice, l.available])).toEqual([
        [2, first.discountPrice ?? first.price, true],
        [1, 7777, true],
        [1, third.discountPrice ?? third.price, false],
      ]);
    } finally {
      await database.db
        .update(products)
        .set({ priceMmk: second.price, discountPriceMmk: second.discountPrice, status: 'active' })
        .where(inArray(products.id, [second.id, third.id]));
    }
  });

  it('never loses units when adds of one line race (one statement per add)', async () => {
    const owner = guestCartOwner(`guest_2_${'b'.repeat(32)}`);
    const [p, q] = extra as [(typeof extra)[0], (typeof extra)[0]];
    await cart.add(owner, { productId: q.id, quantity: 1 }, 'en');
    const answers = await Promise.allSettled(
      Array.from({ length: 12 }, () => cart.add(owner, { productId: p.id, quantity: 2 }, 'en')),
    );
    // Ten fit under the cap of 20; the other two are refused with the quantity message.
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(10);
    for (const a of answers)
      if (a.status === 'rejected')
        expect((a.reason as Error).message).toBe('Quantity must be between 1 and 20');
    const final = await cart.getCart(owner, 'en');
    expect(final.items.map((l) => [l.productId, l.quantity])).toEqual([
      [q.id, 1],
      [p.id, 20],
    ]);
  });

  it('answers a product once however often, and not archived or unknown ones', async () => {
    const catalogue = createCatalogueService(
      createCatalogueRepo(db),
      createMediaUrls('http://shop.test'),
      cache,
    );
    const [a, b] = extra as [(typeof extra)[0], (typeof extra)[0]];
    const { result, count } = await counted(() =>
      catalogue.getProducts(
        [
          a.id,
          a.id.toUpperCase(),
          b.id,
          archivedId,
          'not-a-uuid',
          '00000000-0000-4000-8000-000000000000',
        ],
        'en',
      ),
    );
    expect(count).toBe(1);
    expect([...result.keys()].sort()).toEqual([a.id, b.id].sort());
    expect(result.get(b.id)).toMatchObject({ price: b.price, discountPrice: b.discountPrice });
    const none = await counted(() => catalogue.getProducts([], 'en'));
    expect(none.count).toBe(0);
    expect(none.result.size).toBe(0);
  });
});
