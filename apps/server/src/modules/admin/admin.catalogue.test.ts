import type { AdminBanner, AdminCategory } from '@shop/contracts/admin-catalogue';
import {
  adminCatalogueMessages,
  adminCatalogueSchemaMessages as sm,
} from '@shop/contracts/admin-catalogue-messages';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { Banner, Category } from '@shop/contracts/catalogue';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sharedCacheInstances, type TestApp } from '../../test/app-kit.ts';
import { errorOf, movableClock } from '../../test/auth-kit.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17's banner and category edits: GET and PATCH under /api/v1/admin/banners and
 * /categories, audited with before and after, and seen by the shop's own answers (Home's
 * GET /api/v1/ads/banner, GET /api/v1/categories/parents) at once, their caches dropped. PGlite
 * here; PostgreSQL with TEST_DATABASE_URL.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('back-office banners and categories', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  // A second instance sharing the cache through Redis, when the machine has one (as CI does).
  const instances = sharedCacheInstances();
  let other: FastifyInstance | null = null;
  const clock = movableClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      env: instances.env,
    });
    await insertTestCatalogue(t.database.db);
    admin = await signedInStaff(t, clock, 'admin');
    support = await signedInStaff(t, clock, 'support');
    other = await instances.start(t);
  });
  afterAll(() => instances.close(t));

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ url, headers: { 'accept-language': 'en', ...headers } });
  const patch = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });
  const adminBanners = async () => {
    const res = await get('/api/v1/admin/banners', support.headers);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: AdminBanner[]; meta: { total: number } }>();
  };
  const adminCategories = async () => {
    const res = await get('/api/v1/admin/categories?limit=100', support.headers);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: AdminCategory[]; meta: { total: number } }>();
  };
  const homeBanners = async (lang = 'en') =>
    (await get('/api/v1/ads/banner', { 'accept-language': lang })).json<{ ads: Banner[] }>().ads;
  const otherHomeTitles = async (app: FastifyInstance) =>
    (await app.inject({ url: '/api/v1/ads/banner', headers: { 'accept-language': 'en' } }))
      .json<{ ads: Banner[] }>()
      .ads.map((b) => b.title);
  const shopCategories = async () =>
    (await get('/api/v1/categories/parents', {})).json<{ data: Category[] }>().data;
  const auditOf = async (action: string, targetId: string) =>
    (await auditLogAs(t, admin, `action=${action}`)).data.filter((e) => e.targetId === targetId);
  const bannerTitled = async (en: string) => {
    const found = (await adminBanners()).data.find((b) => b.title.en === en);
    if (!found) throw new Error(`no banner ${en}`);
    return found;
  };

  it('lists every banner, hidden ones too, in display order, to support staff', async () => {
    const { data, meta } = await adminBanners();
    expect(meta.total).toBe(3);
    expect(data.map((b) => [b.title.en, b.active, b.sortOrder])).toEqual([
      ['Hidden', false, 0],
      ['First', true, 1],
      ['Second', true, 2],
    ]);
    expect(data[1]).toMatchObject({
      title: { en: 'First', my: 'ပထမ' },
      description: { en: 'First banner', my: 'ပထမ ကြော်ငြာ' },
      linkUrl: '/about-us',
      tint: null,
    });
    expect(data[1]?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('edits a banner: Home shows it at once, the audit log has before and after', async () => {
    const first = await bannerTitled('First');
    expect((await homeBanners()).map((b) => b.title)).toEqual(['First', 'Second']); // now cached
    if (other) expect(await otherHomeTitles(other)).toEqual(['First', 'Second']);
    const res = await patch(`/api/v1/admin/banners/${first.id}`, {
      title: { en: ' Festival sale ', my: 'ပွဲတော် ရောင်းပွဲ' },
      linkUrl: 'https://shop.example/promo?x=1',
      tint: '#AA3300',
      sortOrder: 5,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{ message: string; data: AdminBanner }>();
    expect(body.message).toBe(adminCatalogueMessages.bannerUpdated.en);
    expect(body.data).toMatchObject({
      id: first.id,
      title: { en: 'Festival sale', my: 'ပွဲတော် ရောင်းပွဲ' },
      linkUrl: 'https://shop.example/promo?x=1',
      tint: '#aa3300',
      sortOrder: 5,
      active: true,
    });
    const home = await homeBanners();
    expect(home.map((b) => b.title)).toEqual(['Second', 'Festival sale']);
    expect(home[1]).toMatchObject({ linkUrl: 'https://shop.example/promo?x=1', tint: '#aa3300' });
    expect((await homeBanners('my'))[1]?.title).toBe('ပွဲတော် ရောင်းပွဲ');
    if (other) {
      const otherApp = other;
      const deadline = Date.now() + 5000;
      while ((await otherHomeTitles(otherApp)).join() !== 'Second,Festival sale') {
        if (Date.now() > deadline)
          throw new Error('the other instance still shows the old banners');
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    const [entry] = await auditOf('banner.update', first.id);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'banner',
      before: { title: { en: 'First' }, linkUrl: '/about-us', sortOrder: 1, tint: null },
      after: {
        title: { en: 'Festival sale' },
        linkUrl: 'https://shop.example/promo?x=1',
        sortOrder: 5,
        tint: '#aa3300',
        active: true,
      },
    });
  });

  it('hides and shows a banner on Home at once; a null link and tint are kept as none', async () => {
    const second = await bannerTitled('Second');
    const hidden = await patch(`/api/v1/admin/banners/${second.id}`, { active: false });
    expect(hidden.statusCode).toBe(200);
    expect((await homeBanners()).map((b) => b.title)).toEqual(['Festival sale']);
    const shown = await patch(`/api/v1/admin/banners/${second.id}`, {
      active: true,
      linkUrl: null,
      tint: null,
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ data: AdminBanner }>().data).toMatchObject({ linkUrl: null, tint: null });
    const home = await homeBanners();
    expect(home.map((b) => b.title)).toEqual(['Second', 'Festival sale']);
    expect(home[0]?.linkUrl).toBe('');
  });

  it('refuses bad banner edits with a translated 400 or 404, changing and recording nothing', async () => {
    const first = await bannerTitled('Festival sale');
    const url = `/api/v1/admin/banners/${first.id}`;
    const before = await auditOf('banner.update', first.id);
    const my = { ...admin.headers, 'accept-language': 'my' };
    const refusals: [unknown, string, Record<string, string>?][] = [
      [{}, sm.bannerNothingToChange.en],
      [{ linkUrl: 'javascript:alert(1)' }, sm.linkUrl.en],
      [{ linkUrl: '//evil.example/x' }, sm.linkUrl.en],
      [{ linkUrl: 'https://evil.example/a b' }, sm.linkUrl.en],
      [{ linkUrl: 'data:text/html,hi' }, sm.linkUrl.my, my],
      [{ tint: 'red' }, sm.tint.en],
      [{ tint: '#12345' }, sm.tint.my, my],
      [{ sortOrder: -1 }, sm.sortOrder.en],
      [{ sortOrder: 1.5 }, sm.sortOrder.en],
      [{ active: 'yes' }, sm.active.en],
      [{ title: { en: 'Only English' } }, sm.bannerTitle.en],
      [{ title: { en: '   ', my: 'x' } }, sm.bannerTitle.en],
      [{ title: { en: 'x'.repeat(121), my: 'x' } }, sm.bannerTitle.en],
      [{ description: { en: 'x'.repeat(501), my: 'x' } }, sm.bannerDescription.en],
    ];
    for (const [payload, message, headers] of refusals) {
      const res = await patch(url, payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(payload)).toBe(message);
    }
    const unknown = await patch(`/api/v1/admin/banners/${UNKNOWN}`, { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(adminCatalogueMessages.bannerNotFound.en);
    const badId = await patch('/api/v1/admin/banners/not-an-id', { active: false }, my);
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).message).toBe(sm.bannerId.my);
    const bySupport = await patch(url, { active: false }, support.headers);
    expect(bySupport.statusCode).toBe(403);
    expect(errorOf(bySupport).message).toBe(adminMessages.roleTooLow.en);
    expect(await auditOf('banner.update', first.id)).toEqual(before);
    expect((await bannerTitled('Festival sale')).active).toBe(true);
  });

  it('lists every category with its number of products, top level first', async () => {
    const { data, meta } = await adminCategories();
    expect(meta.total).toBe(4);
    expect(data.map((c) => [c.slug, c.productCount, c.active, c.parentId === null])).toEqual([
      ['mobile-topup', 4, true, true],
      ['data-package', 1, true, true],
      ['egift-cards', 2, true, true],
      ['mpt-special', 1, true, false],
    ]);
    expect(data[0]?.name).toEqual({ en: 'Mobile Top-up', my: 'ဖုန်းငွေဖြည့်' });
  });

  it('renames, reorders and hides a category: the shop shows it at once, audited', async () => {
    const gift = (await adminCategories()).data.find((c) => c.slug === 'egift-cards');
    if (!gift) throw new Error('no gift category');
    expect((await shopCategories()).map((c) => c.slug)).toEqual([
      'mobile-topup',
      'data-package',
      'egift-cards',
    ]);
    const url = `/api/v1/admin/categories/${gift.id}`;
    const res = await patch(url, { name: { en: 'Gift Cards', my: 'လက်ဆောင်ကတ်များ' }, sortOrder: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string; data: AdminCategory }>()).toMatchObject({
      message: adminCatalogueMessages.categoryUpdated.en,
      data: { id: gift.id, slug: 'egift-cards', sortOrder: 0, productCount: 2, active: true },
    });
    const shop = await shopCategories();
    expect(shop.map((c) => [c.slug, c.name])).toEqual([
      ['egift-cards', 'Gift Cards'],
      ['mobile-topup', 'Mobile Top-up'],
      ['data-package', 'Data Package'],
    ]);
    expect((await patch(url, { active: false })).statusCode).toBe(200);
    const visible = await get('/api/v1/categories/parents?isActive=true', {});
    expect(visible.json<{ data: Category[] }>().data.map((c) => c.slug)).toEqual([
      'mobile-topup',
      'data-package',
    ]);
    const entries = await auditOf('category.update', gift.id);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      actorEmail: admin.email,
      targetType: 'category',
      before: { name: { en: 'eGift Cards' }, sortOrder: 3, active: true },
      after: { name: { en: 'Gift Cards', my: 'လက်ဆောင်ကတ်များ' }, sortOrder: 0, active: true },
    });
    expect(entries[0]).toMatchObject({ before: { active: true }, after: { active: false } });
    expect((await patch(url, { active: true })).statusCode).toBe(200);
  });

  it('refuses bad category edits with a translated 400 or 404', async () => {
    const [first] = (await adminCategories()).data;
    const url = `/api/v1/admin/categories/${first?.id ?? ''}`;
    const my = { ...admin.headers, 'accept-language': 'my' };
    const empty = await patch(url, {}, my);
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(sm.categoryNothingToChange.my);
    const name = await patch(url, { name: { en: 'x'.repeat(81), my: 'y' } });
    expect(name.statusCode).toBe(400);
    expect(errorOf(name).message).toBe(sm.categoryName.en);
    const notText = await patch(url, { name: 'Top-up' });
    expect(notText.statusCode).toBe(400);
    expect(errorOf(notText).message).toBe(sm.categoryName.en);
    const slug = await patch(url, { slug: 'renamed' });
    expect(slug.statusCode).toBe(400);
    const unknown = await patch(`/api/v1/admin/categories/${UNKNOWN}`, { sortOrder: 1 }, my);
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(adminCatalogueMessages.categoryNotFound.my);
    const badId = await patch('/api/v1/admin/categories/42', { sortOrder: 1 });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).message).toBe(sm.categoryId.en);
    const bySupport = await patch(url, { sortOrder: 9 }, support.headers);
    expect(bySupport.statusCode).toBe(403);
  });
});
