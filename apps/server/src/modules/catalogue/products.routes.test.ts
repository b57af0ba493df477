import type { Banner, ExchangeRate, Product, ProductListResponse } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { products } from './catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';

type Fixture = Awaited<ReturnType<typeof insertTestCatalogue>>;

describe('products, banners and exchange rates API', () => {
  let t: TestApp;
  let f: Fixture;

  const get = (url: string, lang?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      url,
      headers: { ...(lang ? { 'accept-language': lang } : {}), ...headers },
    });
  const list = async (query: string, lang = 'en', category = 'mobile-topup') => {
    const res = await get(`/api/v1/products/category/${category}${query}`, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ProductListResponse>();
  };
  const skus = (body: { data: Product[] }) => body.data.map((p) => p.sku);

  beforeAll(async () => {
    t = await createTestApp();
    f = await insertTestCatalogue(t.database.db);
  });
  afterAll(() => t.close());

  describe('GET /api/v1/products/category/{categoryId}', () => {
    it('lists by price, low to high, 10 to a page by default, with paging meta', async () => {
      const body = await list('');
      expect(body.success).toBe(true);
      // Archived products are never listed; the sub-category's product is.
      expect(skus(body)).toEqual(['T-MPT-1000', 'T-OOR-5000', 'T-ATOM-3000', 'T-MPT-10000']);
      expect(body.meta).toEqual({ page: 1, totalPages: 1, total: 4, limit: 10 });
    });

    it('accepts the category id as well as its slug', async () => {
      const bySlug = await list('?sortField=name');
      const byId = await list('?sortField=name', 'en', f.topup.id);
      expect(byId).toEqual(bySlug);
    });

    it('sorts in the four orders of the listing', async () => {
      expect(skus(await list('?sortField=price&sortOrder=asc'))).toEqual([
        'T-MPT-1000',
        'T-OOR-5000', // discounted to 2,900: what the customer pays decides
        'T-ATOM-3000',
        'T-MPT-10000',
      ]);
      expect(skus(await list('?sortField=price&sortOrder=desc'))).toEqual([
        'T-MPT-10000',
        'T-ATOM-3000',
        'T-OOR-5000',
        'T-MPT-1000',
      ]);
      // Letter case does not matter: "atom" comes first.
      expect(skus(await list('?sortField=name&sortOrder=asc'))).toEqual([
        'T-ATOM-3000',
        'T-MPT-1000',
        'T-MPT-10000',
        'T-OOR-5000',
      ]);
      expect(skus(await list('?sortField=name&sortOrder=desc'))).toEqual([
        'T-OOR-5000',
        'T-MPT-10000',
        'T-MPT-1000',
        'T-ATOM-3000',
      ]);
    });

    it('sorts by the name in the language asked for', async () => {
      // In Burmese, Ooredoo is အူရီဒူး and sorts after the Latin names.
      const body = await list('?sortField=name&sortOrder=desc', 'my');
      expect(body.data.map((p) => p.name)).toEqual([
        'အူရီဒူး ၅,၀၀၀ ကျပ်',
        'MPT ၁၀,၀၀၀ ကျပ်',
        'MPT ၁,၀၀၀ ကျပ်',
        'ATOM ၃,၀၀၀ ကျပ်',
      ]);
    });

    it('sorts numbers inside names by their value: 999 < 1,000 < 3,000 < 10,000 (EN and MY)', async () => {
      const rename = async (sku: string, en: string, my: string) => {
        await t.database.db
          .update(products)
          .set({ name: { en, my } })
          .where(eq(products.id, f.productId(sku)));
      };
      await rename('T-ATOM-3000', 'MPT 3,000 Ks', 'MPT ၃,၀၀၀ ကျပ်');
      await rename('T-OOR-5000', 'MPT 999 Ks', 'MPT ၉၉၉ ကျပ်');
      await t.app.catalogueChanged();
      try {
        const natural = ['MPT 999 Ks', 'MPT 1,000 Ks', 'MPT 3,000 Ks', 'MPT 10,000 Ks'];
        const names = (body: { data: Product[] }) => body.data.map((p) => p.name);
        expect(names(await list('?sortField=name&sortOrder=asc'))).toEqual(natural);
        expect(names(await list('?sortField=name&sortOrder=desc'))).toEqual([...natural].reverse());
        expect(names(await list('?sortField=name&sortOrder=asc', 'my'))).toEqual([
          'MPT ၉၉၉ ကျပ်',
          'MPT ၁,၀၀၀ ကျပ်',
          'MPT ၃,၀၀၀ ကျပ်',
          'MPT ၁၀,၀၀၀ ကျပ်',
        ]);
        // Paged, the order holds across pages.
        const first = await list('?sortField=name&page=1&limit=2');
        const second = await list('?sortField=name&page=2&limit=2');
        expect([...names(first), ...names(second)]).toEqual(natural);
      } finally {
        await rename('T-ATOM-3000', 'atom 3,000 Ks', 'ATOM ၃,၀၀၀ ကျပ်');
        await rename('T-OOR-5000', 'Ooredoo 5,000 Ks', 'အူရီဒူး ၅,၀၀၀ ကျပ်');
        await t.app.catalogueChanged();
      }
    });

    it('pages with stable order and honest meta', async () => {
      const first = await list('?page=1&limit=3&sortField=price');
      const second = await list('?page=2&limit=3&sortField=price');
      expect(first.meta).toEqual({ page: 1, totalPages: 2, total: 4, limit: 3 });
      expect(second.meta).toEqual({ page: 2, totalPages: 2, total: 4, limit: 3 });
      expect([...skus(first), ...skus(second)]).toEqual(skus(await list('')));
      const beyond = await list('?page=9&limit=3');
      expect(beyond.data).toEqual([]);
      expect(beyond.meta).toEqual({ page: 9, totalPages: 2, total: 4, limit: 3 });
    });

    it('filters by operator code, in any letter case', async () => {
      const mpt = await list('?operator=mpt');
      expect(skus(mpt)).toEqual(['T-MPT-1000', 'T-MPT-10000']);
      expect(mpt.meta.total).toBe(2);
      expect(mpt.data.every((p) => p.operator?.code === 'MPT')).toBe(true);
      const none = await list('?operator=MYTEL');
      expect(none.data).toEqual([]);
      // An empty list is still "page 1 of 1".
      expect(none.meta).toEqual({ page: 1, totalPages: 1, total: 0, limit: 10 });
    });

    it('answers the product fields the shop needs, in the requested language', async () => {
      const [cheapest] = (await list('', 'en')).data;
      expect(cheapest).toMatchObject({
        _id: f.productId('T-MPT-1000'),
        id: f.productId('T-MPT-1000'),
        name: 'MPT 1,000 Ks',
        title: 'MPT 1,000 Ks',
        _nameMultilingual: { en: 'MPT 1,000 Ks', my: 'MPT ၁,၀၀၀ ကျပ်' },
        description: 'MPT top-up of 1,000 Ks',
        _descriptionMultilingual: { en: 'MPT top-up of 1,000 Ks', my: 'MPT ဖုန်းငွေ ၁,၀၀၀ ကျပ်' },
        kind: 'topup',
        type: 'topup',
        price: 1000,
        discountPrice: null,
        currency: 'MMK',
        topupAmount: 1000,
        outOfStock: false,
        comingSoon: false,
        status: 'active',
        operatorId: f.operatorId('MPT'),
        operator: { code: 'MPT', name: 'MPT', logoUrl: '/media/operators/mpt.svg' },
        categoryId: { id: f.topup.id, name: 'Mobile Top-up', slug: 'mobile-topup' },
        category: { id: f.topup.id, name: 'Mobile Top-up', slug: 'mobile-topup' },
        faceValue: null,
      });
      const burmese = (await list('', 'my')).data;
      expect(burmese[0]).toMatchObject({
        name: 'MPT ၁,၀၀၀ ကျပ်',
        description: 'MPT ဖုန်းငွေ ၁,၀၀၀ ကျပ်',
        category: { name: 'ဖုန်းငွေဖြည့်' },
      });
      // No Accept-Language: Burmese (spec §7 default my).
      expect((await list('', '')).data[0]?.name).toBe('MPT ၁,၀၀၀ ကျပ်');
    });

    it('shows out-of-stock and coming-soon states, including gift cards with no cards left', async () => {
      const topups = (await list('')).data;
      expect(topups.find((p) => p.sku === 'T-ATOM-3000')).toMatchObject({
        outOfStock: true,
        status: 'out_of_stock',
      });
      expect(topups.find((p) => p.sku === 'T-MPT-10000')).toMatchObject({
        comingSoon: true,
        status: 'coming_soon',
      });
      const gifts = await list('', 'en', 'egift-cards');
      expect(gifts.data.map((p) => [p.sku, p.outOfStock, p.faceValue])).toEqual([
        ['G-STEAM-10', false, { amount: 1000, currency: 'USD' }],
        ['G-NETFLIX-15', true, { amount: 1500, currency: 'USD' }],
      ]);
      const data = await list('', 'en', 'data-package');
      expect(data.data[0]).toMatchObject({ dataMb: 1024, validityDays: 7, kind: 'data' });
    });

    it('sanitises image URLs: quotes and backticks trimmed, anything not http or // replaced', async () => {
      const images = Object.fromEntries((await list('')).data.map((p) => [p.sku, p.imageUrl]));
      expect(images).toEqual({
        'T-MPT-1000': 'https://cdn.example/mpt-1000.png',
        'T-OOR-5000': 'https://cdn.example/ooredoo-5000.png',
        'T-ATOM-3000': '/media/default.svg',
        'T-MPT-10000': '/media/default.svg',
      });
      const gifts = await list('', 'en', 'egift-cards');
      expect(gifts.data.map((p) => p.image)).toEqual([
        'https://cdn.example/steam.png',
        '//cdn.example/netflix.png',
      ]);
    });

    it('answers 404 for an unknown category id or slug', async () => {
      for (const key of ['00000000-0000-4000-8000-000000000000', 'no-such-slug', "x' or 1=1 --"]) {
        const res = await get(`/api/v1/products/category/${encodeURIComponent(key)}`, 'en');
        expect(res.statusCode, key).toBe(404);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'NOT_FOUND',
          error: 'Category not found',
        });
      }
    });

    it('answers 400 naming the problem for bad paging, sorting or operator', async () => {
      const cases: [string, string][] = [
        ['page=0', 'page must be a whole number of at least 1'],
        ['page=abc', 'page must be a whole number of at least 1'],
        ['page=1&page=2', 'page must be a whole number of at least 1'],
        ['limit=0', 'limit must be a whole number from 1 to 50'],
        ['limit=51', 'limit must be a whole number from 1 to 50'],
        ['sortField=popularity', 'sortField must be price or name'],
        ['sortOrder=random', 'sortOrder must be asc or desc'],
        ['operator=telenor', 'operator must be one of MPT, OOREDOO, ATOM, MYTEL, MEC'],
      ];
      for (const [query, message] of cases) {
        const res = await get(`/api/v1/products/category/mobile-topup?${query}`, 'en');
        expect(res.statusCode, query).toBe(400);
        expect(res.json(), query).toMatchObject({
          success: false,
          code: 'VALIDATION_ERROR',
          error: message,
          message,
        });
      }
    });
  });

  describe('GET /api/v1/products/{id}', () => {
    it('answers one product in the requested language', async () => {
      const res = await get(`/api/v1/products/${f.productId('G-STEAM-10')}`, 'en');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; data: Product }>();
      expect(body.success).toBe(true);
      expect(body.data).toMatchObject({
        id: f.productId('G-STEAM-10'),
        name: 'Steam US$10',
        kind: 'giftcard',
        price: 45000,
        faceValue: { amount: 1000, currency: 'USD' },
        operator: null,
        operatorId: null,
        category: { slug: 'egift-cards', name: 'eGift Cards' },
      });
    });

    it('answers 404 for unknown, malformed and archived products', async () => {
      for (const id of [
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        f.productId('T-MPT-OLD'),
      ]) {
        const res = await get(`/api/v1/products/${id}`, 'en');
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'NOT_FOUND',
          error: 'Product not found',
        });
      }
    });
  });

  describe('GET /api/v1/ads/banner', () => {
    it('answers the active banners in order, localised, with safe image URLs', async () => {
      const res = await get('/api/v1/ads/banner', 'en');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; ads: Banner[] }>();
      expect(body.success).toBe(true);
      expect(body.ads.map((a) => a.title)).toEqual(['First', 'Second']);
      expect(body.ads[1]).toMatchObject({
        _id: expect.any(String) as string,
        title: 'Second',
        _titleMultilingual: { en: 'Second', my: 'ဒုတိယ' },
        description: 'Second banner',
        imageUrl: '/media/banners/2.svg',
        mobileImageUrl: '/media/banners/2-mobile.svg',
        tabletImageUrl: '/media/default.svg',
        linkUrl: 'https://example.com/two',
      });
      const burmese = res.json<{ ads: Banner[] }>();
      expect(burmese.ads).toHaveLength(2);
      const my = (await get('/api/v1/ads/banner')).json<{ ads: Banner[] }>();
      expect(my.ads.map((a) => a.title)).toEqual(['ပထမ', 'ဒုတိယ']);
    });
  });

  describe('GET /api/v1/exchange-rates', () => {
    it('answers every rate with its status and last change', async () => {
      const res = await get('/api/v1/exchange-rates');
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: boolean; data: ExchangeRate[] }>();
      expect(body.data).toEqual([
        {
          currency: 'THB',
          symbol: '฿',
          rate: 125,
          status: 'inactive',
          baseCurrency: 'MMK',
          lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
        {
          currency: 'USD',
          symbol: '$',
          rate: 4500.25,
          status: 'active',
          baseCurrency: 'MMK',
          lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      ]);
    });
  });

  describe('response cache', () => {
    it('serves the same bytes with an ETag, a short Cache-Control and 304 on revalidation', async () => {
      const url = '/api/v1/products/category/mobile-topup?limit=2';
      const first = await get(url, 'en');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers['cache-control']).toBe('public, max-age=30');
      expect(first.headers.vary).toMatch(/accept-language/i);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]{27}"$/);
      const again = await get(url, 'en');
      expect(again.body).toBe(first.body);
      expect(again.headers.etag).toBe(etag);
      const revalidated = await get(url, 'en', { 'if-none-match': `W/${etag}` });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe('');
      // Another language is another answer.
      const burmese = await get(url, 'my', { 'if-none-match': etag });
      expect(burmese.statusCode).toBe(200);
      expect(burmese.headers.etag).not.toBe(etag);
    });

    it('keeps answering from the cache until the catalogue is announced as changed', async () => {
      const url = `/api/v1/products/${f.productId('T-MPT-1000')}`;
      const before = await get(url, 'en');
      expect(before.json<{ data: Product }>().data.price).toBe(1000);
      await t.database.db
        .update(products)
        .set({ priceMmk: 1100, updatedAt: new Date() })
        .where(eq(products.id, f.productId('T-MPT-1000')));
      // Written behind the service's back: still the cached bytes.
      expect((await get(url, 'en')).body).toBe(before.body);
      const listBefore = await list('');
      await t.app.catalogueChanged();
      const after = await get(url, 'en');
      expect(after.json<{ data: Product }>().data.price).toBe(1100);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect((await list('')).data[0]?.price).toBe(1100);
      expect(listBefore.data[0]?.price).toBe(1000);
    });
  });
});
