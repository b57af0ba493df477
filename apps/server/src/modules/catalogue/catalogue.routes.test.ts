import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { testCategories } from '../../test/catalogue-kit.ts';
import { categories } from './catalogue.tables.ts';

describe('categories API', () => {
  let t: TestApp;
  let topupId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.database.db
      .insert(categories)
      .values([
        testCategories.data,
        testCategories.topup,
        {
          slug: 'retired',
          name: { en: 'Retired', my: 'ရပ်ဆိုင်း' },
          imageUrl: 'https://cdn.example/r.png',
          sortOrder: 3,
          isActive: false,
        },
      ])
      .returning();
    topupId = rows.find((r) => r.slug === 'mobile-topup')?.id ?? '';
    await t.database.db.insert(categories).values({
      slug: 'mpt-topup',
      parentId: topupId,
      name: { en: 'MPT', my: 'MPT' },
      imageUrl: '/media/operators/mpt.svg',
    });
  });
  afterAll(() => t.close());

  it('lists active parent categories in order, named in the requested language', async () => {
    const res = await t.app.inject({
      url: '/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      success: boolean;
      data: { name: string; slug: string; _nameMultilingual: object; imageUrl: string }[];
    }>();
    expect(body.success).toBe(true);
    expect(body.data.map((c) => c.slug)).toEqual(['mobile-topup', 'data-package']);
    expect(body.data[0]).toMatchObject({
      name: 'Mobile Top-up',
      _nameMultilingual: { en: 'Mobile Top-up', my: 'ဖုန်းငွေဖြည့်' },
      imageUrl: '/media/categories/mobile-topup.svg',
    });
  });

  it('answers in Burmese by default and keeps outside image URLs as they are', async () => {
    const res = await t.app.inject({ url: '/api/v1/categories/parents?sortOrder=desc' });
    const body = res.json<{ data: { name: string; imageUrl: string; isActive: boolean }[] }>();
    expect(body.data.map((c) => c.name)).toEqual(['ရပ်ဆိုင်း', 'ဒေတာပက်ကေ့ချ်', 'ဖုန်းငွေဖြည့်']);
    expect(body.data[0]).toMatchObject({ imageUrl: 'https://cdn.example/r.png', isActive: false });
  });

  it('rejects bad sort parameters with a 400 naming the problem', async () => {
    const res = await t.app.inject({ url: '/api/v1/categories/parents?sortOrder=sideways' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'sortOrder must be asc or desc',
    });
  });

  it('lists the children of a category, 404 for an unknown or malformed id', async () => {
    const res = await t.app.inject({
      url: `/api/v1/categories/parent/${topupId}?isActive=true`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { slug: string; parentId: string }[] }>().data).toMatchObject([
      { slug: 'mpt-topup', parentId: topupId },
    ]);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const missing = await t.app.inject({
        url: `/api/v1/categories/parent/${encodeURIComponent(id)}`,
      });
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toMatchObject({
        success: false,
        code: 'NOT_FOUND',
        error: 'Category not found',
      });
    }
  });
});
