import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AdminBanner, AdminCategory, AdminOperator } from '@shop/contracts/admin-catalogue';
import {
  adminCatalogueMessages as cm,
  adminCatalogueSchemaMessages as sm,
} from '@shop/contracts/admin-catalogue-messages';
import type { AdminMediaUpload } from '@shop/contracts/admin-media';
import { MEDIA_UPLOAD_MAX_BYTES } from '@shop/contracts/admin-media';
import { adminMessages } from '@shop/contracts/admin-messages';
import type { Banner, Category, Product } from '@shop/contracts/catalogue';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, otherInstance, type TestApp } from '../../test/app-kit.ts';
import { errorOf, login, movableClock, verifiedPerson } from '../../test/auth-kit.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { solidPng, tinyJpeg, tinyWebp } from '../../test/media-kit.ts';
import { mediaUploads } from '../media/media.tables.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17's image uploads (ADR 0039): POST /api/v1/admin/media stores a checked PNG, JPEG or WebP
 * in the database and answers /media/uploads/<sha256>.<ext>, which every instance serves; the
 * catalogue edits (categories, banners, products, operators) take such a URL, and the shop's own
 * answers show it at once. And the operators page's GET and PATCH. PGlite here; PostgreSQL with
 * TEST_DATABASE_URL.
 */

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
/** Where an upload is served, named by the SHA-256 of the stored (re-encoded) bytes. */
const UPLOAD_URL = /^\/media\/uploads\/([0-9a-f]{64})\.(png|jpg|webp)$/;
const hashIn = (url: string) => UPLOAD_URL.exec(url)?.[1] ?? 'not an upload URL';

describe('back-office image uploads and operators', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  let customerToken: string;
  let other: FastifyInstance;
  let closeOther: () => Promise<void> = () => Promise.resolve();
  const clock = movableClock(new Date());
  const banner = solidPng(1200, 400, [200, 30, 60]);
  /** The uploads of the first test: the banner, the JPEG and the WebP as stored. */
  let bannerUpload: AdminMediaUpload;
  let jpegUpload: AdminMediaUpload;
  let webpUpload: AdminMediaUpload;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    await insertTestCatalogue(t.database.db);
    admin = await signedInStaff(t, clock, 'admin');
    support = await signedInStaff(t, clock, 'support');
    customerToken = (await login(t, await verifiedPerson(t))).accessToken;
    // A second instance: the same database, nothing else shared (its own data folder, no Redis).
    const otherDir = fs.mkdtempSync(path.join(t.dataDir, 'other-'));
    const second = await otherInstance(t, otherDir);
    other = second.app;
    closeOther = second.close;
  });
  afterAll(async () => {
    await closeOther();
    await t.close();
  });

  const upload = (
    bytes: Buffer,
    contentType: string | null,
    headers: Record<string, string> = admin.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media',
      headers: { ...headers, ...(contentType === null ? {} : { 'content-type': contentType }) },
      payload: bytes,
    });
  const uploaded = async (bytes: Buffer, contentType: string) => {
    const res = await upload(bytes, contentType);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ message: string; data: AdminMediaUpload }>();
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'accept-language': 'en', ...headers } });
  const patch = (url: string, payload: unknown, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PATCH', url, headers, payload: payload as object });
  const storedCount = async () =>
    (await t.database.db.select({ n: count() }).from(mediaUploads))[0]?.n ?? 0;
  const auditOf = async (action: string) =>
    (await auditLogAs(t, admin, `action=${action}&limit=100`)).data;

  it('takes a PNG, a JPEG and a WebP, answering where each is served, audited', async () => {
    const png = await uploaded(banner, 'image/png');
    expect(png.message).toBe(cm.mediaUploaded.en);
    expect(png.data).toEqual({
      url: expect.stringMatching(UPLOAD_URL) as string,
      width: 1200,
      height: 400,
      contentType: 'image/png',
      size: expect.any(Number) as number,
    });
    expect(png.data.url).toMatch(/\.png$/);
    bannerUpload = png.data;
    const jpeg = await uploaded(tinyJpeg(), 'image/jpeg');
    expect(jpeg.data).toMatchObject({ width: 1, height: 1, contentType: 'image/jpeg' });
    expect(jpeg.data.url).toMatch(/\.jpg$/);
    jpegUpload = jpeg.data;
    // Parameters of the type do not matter.
    const webp = await uploaded(tinyWebp(), 'Image/WebP; q=1');
    expect(webp.data).toMatchObject({ width: 1, height: 1, contentType: 'image/webp' });
    expect(webp.data.url).toMatch(/\.webp$/);
    webpUpload = webp.data;
    expect(await storedCount()).toBe(3);
    const entries = await auditOf('media.upload');
    expect(entries.map((e) => e.targetId).sort()).toEqual(
      [png.data.url, jpeg.data.url, webp.data.url].sort(),
    );
    expect(entries.find((e) => e.targetId === png.data.url)).toMatchObject({
      actorEmail: admin.email,
      targetType: 'media',
      after: png.data,
    });
  });

  it('gives the same bytes the same URL, stored and recorded once', async () => {
    const before = await storedCount();
    const again = await uploaded(banner, 'image/png');
    expect(again.data).toEqual(bannerUpload);
    expect(await storedCount()).toBe(before);
    const entries = (await auditOf('media.upload')).filter((e) => e.targetId === again.data.url);
    expect(entries).toHaveLength(1);
  });

  it('serves the stored bytes (the same picture), immutable, typed, nosniff, from either instance', async () => {
    const { url } = bannerUpload;
    const bannerHash = hashIn(url);
    for (const app of [t.app, other]) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode).toBe(200);
      expect(sha256(res.rawPayload)).toBe(bannerHash);
      const { data, info } = await sharp(res.rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info).toMatchObject({ format: 'raw', width: 1200, height: 400, channels: 3 });
      expect([...data.subarray(-3)]).toEqual([200, 30, 60]);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-length']).toBe(String(bannerUpload.size));
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-encoding']).toBeUndefined();
      const etag = String(res.headers.etag);
      expect(etag).toBe(`"${bannerHash}"`);
      const again = await app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
    const jpeg = await other.inject({ url: jpegUpload.url });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(sha256(jpeg.rawPayload)).toBe(hashIn(jpegUpload.url));
    expect(jpeg.rawPayload.length).toBe(jpegUpload.size);
    const webp = await t.app.inject({ method: 'HEAD', url: webpUpload.url });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    // The shipped images are still @fastify/static's.
    const shipped = await get('/media/default.svg');
    expect(shipped.statusCode).toBe(200);
    expect(shipped.headers['content-type']).toMatch(/^image\/svg\+xml/);
    for (const missing of [
      `/media/uploads/${bannerHash}.jpg`,
      `/media/uploads/${'0'.repeat(64)}.png`,
      `/media/uploads/${bannerHash.toUpperCase()}.png`,
      '/media/uploads/x.png',
      '/media/uploads/',
    ]) {
      const res = await get(missing);
      expect(res.statusCode, missing).toBe(404);
      expect(res.headers['content-type'], missing).toMatch(/^application\/json/);
    }
    // In the reader's language.
    const burmese = await other.inject({
      url: `/media/uploads/${'0'.repeat(64)}.png`,
      headers: { 'accept-language': 'my' },
    });
    expect(burmese.statusCode).toBe(404);
    expect(burmese.json<{ message: string }>().message).toBe(cm.imageNotFound.my);
  });

  it('refuses SVG, disguised files, wrong labels, empty and oversize bodies, storing nothing', async () => {
    const stored = await storedCount();
    const audited = (await auditOf('media.upload')).length;
    const my = { ...admin.headers, 'accept-language': 'my' };
    const refusals: [Buffer, string | null, number, string, Record<string, string>?][] = [
      [SVG, 'image/svg+xml', 415, cm.mediaType.en],
      [SVG, 'image/png', 415, cm.mediaNotThatType.en],
      [HTML, 'image/png', 415, cm.mediaNotThatType.en],
      [HTML, 'text/html', 415, cm.mediaType.en],
      [tinyJpeg(), 'image/png', 415, cm.mediaNotThatType.en],
      [banner, 'image/webp', 415, cm.mediaNotThatType.my, my],
      [Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'image/gif', 415, cm.mediaType.en],
      [Buffer.from('{"url":"x"}'), 'application/json', 415, cm.mediaType.en],
      [banner, null, 415, cm.mediaType.en],
      [Buffer.alloc(0), 'image/png', 400, cm.mediaEmpty.en],
      [banner.subarray(0, 20), 'image/png', 400, cm.mediaCutShort.en],
      [banner.subarray(0, banner.length - 1), 'image/png', 400, cm.mediaCutShort.en],
      [tinyWebp().subarray(0, 30), 'image/webp', 400, cm.mediaCutShort.en],
      // Pixels that do not decode (a JPEG cut before its end): found when it is encoded again.
      [tinyJpeg().subarray(0, tinyJpeg().length - 2), 'image/jpeg', 400, cm.mediaCutShort.en],
      [banner.subarray(0, 10), 'image/png', 415, cm.mediaNotThatType.en],
      [solidPng(8001, 1, [0, 0, 0]), 'image/png', 400, cm.mediaDimensions.en],
      [
        Buffer.concat([banner, Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES)]),
        'image/png',
        413,
        cm.mediaTooLarge.en,
      ],
      [
        Buffer.concat([banner, Buffer.alloc(MEDIA_UPLOAD_MAX_BYTES)]),
        'image/png',
        413,
        cm.mediaTooLarge.my,
        my,
      ],
    ];
    for (const [bytes, type, status, message, headers] of refusals) {
      const res = await upload(bytes, type, headers);
      const what = `${type ?? 'no type'} ${String(bytes.length)} bytes`;
      expect(res.statusCode, what).toBe(status);
      expect(errorOf(res).message, what).toBe(message);
    }
    expect(await storedCount()).toBe(stored);
    expect(await auditOf('media.upload')).toHaveLength(audited);
  });

  it('refuses a decompression bomb (8,000 × 8,000 pixels in a small file) with a 400, storing nothing', async () => {
    const stored = await storedCount();
    const audited = (await auditOf('media.upload')).length;
    // 64 megapixels of one colour: under 2 MB and 8,000 a side, 192 MB once unpacked.
    const bomb = solidPng(8000, 8000, [0, 0, 0]);
    expect(bomb.length).toBeLessThan(300_000);
    const res = await upload(bomb, 'image/png');
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).message).toBe(cm.mediaTooManyPixels.en);
    const burmese = await upload(bomb, 'image/png', { ...admin.headers, 'accept-language': 'my' });
    expect(burmese.statusCode).toBe(400);
    expect(errorOf(burmese).message).toBe(cm.mediaTooManyPixels.my);
    // One pixel row over 16 megapixels is refused too; 16 megapixels exactly are taken.
    const justOver = await upload(solidPng(8000, 2001, [0, 0, 0]), 'image/png');
    expect(justOver.statusCode).toBe(400);
    expect(errorOf(justOver).message).toBe(cm.mediaTooManyPixels.en);
    expect(await storedCount()).toBe(stored);
    expect(await auditOf('media.upload')).toHaveLength(audited);
    const largest = await uploaded(solidPng(8000, 2000, [0, 0, 0]), 'image/png');
    expect(largest.data).toMatchObject({ width: 8000, height: 2000 });
  });

  it('stores every upload re-encoded: a PNG’s text chunks and bytes hidden in a JPEG are gone, the pixels kept', async () => {
    const tagged = solidPng(64, 32, [10, 20, 30], {
      Comment: 'hidden <script>alert(1)</script>',
      Author: 'someone@example.com',
    });
    const png = await uploaded(tagged, 'image/png');
    const servedPng = (await get(png.data.url)).rawPayload;
    expect(servedPng.includes('tEXt')).toBe(false);
    expect(servedPng.includes('hidden')).toBe(false);
    expect(servedPng.includes('someone@example.com')).toBe(false);
    // The URL names the stored bytes, which are still the same picture.
    expect(png.data).toMatchObject({
      url: `/media/uploads/${sha256(servedPng)}.png`,
      width: 64,
      height: 32,
      size: servedPng.length,
    });
    const pixels = await sharp(servedPng).raw().toBuffer({ resolveWithObject: true });
    expect(pixels.info).toMatchObject({ width: 64, height: 32, channels: 3 });
    expect([...pixels.data.subarray(0, 3)]).toEqual([10, 20, 30]);
    // A JPEG with a comment segment after its start and a script after its end.
    const jpeg = tinyJpeg();
    const comment = Buffer.from('secret comment');
    const commentSegment = Buffer.concat([
      Buffer.from([0xff, 0xfe, 0, comment.length + 2]),
      comment,
    ]);
    const smuggled = Buffer.concat([
      jpeg.subarray(0, 2),
      commentSegment,
      jpeg.subarray(2),
      Buffer.from('<script>alert(1)</script>'),
    ]);
    const stored = await uploaded(smuggled, 'image/jpeg');
    const servedJpeg = (await get(stored.data.url)).rawPayload;
    expect(servedJpeg.includes('secret comment')).toBe(false);
    expect(servedJpeg.includes('<script>')).toBe(false);
    expect(stored.data).toMatchObject({
      url: `/media/uploads/${sha256(servedJpeg)}.jpg`,
      width: 1,
    });
  });

  it('takes uploads from admins only: 401 anonymous, 403 customer and support', async () => {
    const stored = await storedCount();
    const png = solidPng(2, 2, [1, 2, 3]);
    const anonymous = await upload(png, 'image/png', { 'accept-language': 'en' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).message).toBe(adminMessages.signInRequired.en);
    const customer = await upload(png, 'image/png', {
      'accept-language': 'en',
      authorization: `Bearer ${customerToken}`,
    });
    expect(customer.statusCode).toBe(403);
    expect(errorOf(customer).message).toBe(adminMessages.staffOnly.en);
    const bySupport = await upload(png, 'image/png', support.headers);
    expect(bySupport.statusCode).toBe(403);
    expect(errorOf(bySupport).message).toBe(adminMessages.roleTooLow.en);
    expect(await storedCount()).toBe(stored);
  });

  it('gives a category an uploaded icon: the shop shows it at once, audited', async () => {
    const icon = await uploaded(solidPng(96, 96, [0, 120, 60]), 'image/png');
    const categories = await get('/api/v1/admin/categories', support.headers);
    const gift = categories
      .json<{ data: AdminCategory[] }>()
      .data.find((c) => c.slug === 'egift-cards');
    if (!gift) throw new Error('no gift category');
    expect(gift.imageUrl).toBe('/media/categories/egift-cards.svg');
    const shopIcon = async () =>
      (await get('/api/v1/categories/parents'))
        .json<{ data: Category[] }>()
        .data.find((c) => c.slug === 'egift-cards')?.icon;
    expect(await shopIcon()).toBe('/media/categories/egift-cards.svg'); // now cached
    const res = await patch(`/api/v1/admin/categories/${gift.id}`, { imageUrl: icon.data.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminCategory }>().data.imageUrl).toBe(icon.data.url);
    expect(await shopIcon()).toBe(icon.data.url);
    const [entry] = (await auditOf('category.update')).filter((e) => e.targetId === gift.id);
    expect(entry).toMatchObject({
      before: { imageUrl: '/media/categories/egift-cards.svg' },
      after: { imageUrl: icon.data.url },
    });
  });

  it('gives a banner uploaded pictures per size; Burmese pictures of their own or none', async () => {
    const [desktop, tablet, mobile] = await Promise.all(
      [
        solidPng(1200, 400, [10, 10, 200]),
        solidPng(800, 400, [10, 200, 10]),
        solidPng(400, 300, [200, 200, 10]),
      ].map((bytes) => uploaded(bytes, 'image/png')),
    );
    const burmese = await uploaded(tinyWebp(), 'image/webp');
    const list = await get('/api/v1/admin/banners', support.headers);
    const first = list.json<{ data: AdminBanner[] }>().data.find((b) => b.active);
    if (!first || !desktop || !tablet || !mobile) throw new Error('no banner');
    const url = `/api/v1/admin/banners/${first.id}`;
    const res = await patch(url, {
      imageUrl: desktop.data.url,
      tabletImageUrl: tablet.data.url,
      mobileImageUrl: mobile.data.url,
      burmeseImages: {
        imageUrl: burmese.data.url,
        tabletImageUrl: burmese.data.url,
        mobileImageUrl: burmese.data.url,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: AdminBanner }>().data).toMatchObject({
      imageUrl: desktop.data.url,
      tabletImageUrl: tablet.data.url,
      mobileImageUrl: mobile.data.url,
      burmeseImages: { imageUrl: burmese.data.url },
    });
    const home = async (lang: string) =>
      (await get('/api/v1/ads/banner', { 'accept-language': lang }))
        .json<{ ads: Banner[] }>()
        .ads.find((b) => b.id === first.id);
    expect(await home('en')).toMatchObject({
      imageUrl: desktop.data.url,
      tabletImageUrl: tablet.data.url,
      mobileImageUrl: mobile.data.url,
    });
    expect((await home('my'))?.imageUrl).toBe(burmese.data.url);
    const none = await patch(url, { burmeseImages: null });
    expect(none.statusCode).toBe(200);
    expect(none.json<{ data: AdminBanner }>().data.burmeseImages).toBeNull();
    expect((await home('my'))?.imageUrl).toBe(desktop.data.url);
    const entries = (await auditOf('banner.update')).filter((e) => e.targetId === first.id);
    expect(entries[0]).toMatchObject({
      before: { burmeseImages: { imageUrl: burmese.data.url } },
      after: { burmeseImages: null, imageUrl: desktop.data.url },
    });
  });

  it('gives a product an uploaded picture, new or edited', async () => {
    const picture = await uploaded(tinyJpeg(), 'image/jpeg');
    const products = await get('/api/v1/admin/products?q=T-MPT-1000', support.headers);
    const product = products.json<{ data: { id: string; imageUrl: string }[] }>().data[0];
    if (!product) throw new Error('no product');
    const res = await patch(`/api/v1/admin/products/${product.id}`, { imageUrl: picture.data.url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { imageUrl: string } }>().data.imageUrl).toBe(picture.data.url);
    const shop = await get(`/api/v1/products/${product.id}`);
    expect(shop.json<{ data: Product }>().data.imageUrl).toBe(picture.data.url);
    const categories = await get('/api/v1/admin/categories', support.headers);
    const gift = categories
      .json<{ data: AdminCategory[] }>()
      .data.find((c) => c.slug === 'egift-cards');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/products',
      headers: admin.headers,
      payload: {
        categoryId: gift?.id,
        kind: 'epin',
        sku: 'UPLOAD-1',
        name: { en: 'Uploaded card', my: 'တင်ထားသော ကတ်' },
        description: { en: '', my: '' },
        priceMmk: 5000,
        imageUrl: picture.data.url,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<{ data: { imageUrl: string } }>().data.imageUrl).toBe(picture.data.url);
  });

  it('refuses images that are not the shop’s own or its CDN’s, changing nothing', async () => {
    const categories = await get('/api/v1/admin/categories', support.headers);
    const [first] = categories.json<{ data: AdminCategory[] }>().data;
    if (!first) throw new Error('no category');
    const url = `/api/v1/admin/categories/${first.id}`;
    const refusals: [string, string][] = [
      ['javascript:alert(1)', sm.imageUrl.en],
      ['data:image/png;base64,AAAA', sm.imageUrl.en],
      ['//evil.example/x.png', sm.imageUrl.en],
      ['/media/../secrets.json', sm.imageUrl.en],
      ['/media/uploads/x.png?y=1', sm.imageUrl.en],
      ['/api/v1/admin/media', sm.imageUrl.en],
      ['https://evil.example/x.png', cm.imageForeignHost.en],
      [`/media/uploads/${'a'.repeat(64)}.png`, cm.imageNotUploaded.en],
      [`/media/uploads/${hashIn(bannerUpload.url)}.webp`, cm.imageNotUploaded.en],
      ['/media/categories/nothing-here.svg', cm.imageNotUploaded.en],
    ];
    for (const [imageUrl, message] of refusals) {
      const res = await patch(url, { imageUrl });
      expect(res.statusCode, imageUrl).toBe(400);
      expect(errorOf(res).message, imageUrl).toBe(message);
    }
    const after = await get('/api/v1/admin/categories', support.headers);
    expect(after.json<{ data: AdminCategory[] }>().data[0]?.imageUrl).toBe(first.imageUrl);
    const banners = await get('/api/v1/admin/banners', support.headers);
    const [b] = banners.json<{ data: AdminBanner[] }>().data;
    const bad = await patch(`/api/v1/admin/banners/${b?.id ?? ''}`, {
      burmeseImages: { imageUrl: '/media/default.svg' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe(sm.imageUrl.en);
  });

  it('takes images from IMAGE_CDN_ORIGIN when one is configured', async () => {
    const cdn = await createTestApp({ env: { IMAGE_CDN_ORIGIN: 'https://img.example.net' } });
    try {
      await insertTestCatalogue(cdn.database.db);
      const staff = await signedInStaff(cdn, clock, 'admin');
      const list = await cdn.app.inject({
        url: '/api/v1/admin/categories',
        headers: staff.headers,
      });
      const [first] = list.json<{ data: AdminCategory[] }>().data;
      const url = `/api/v1/admin/categories/${first?.id ?? ''}`;
      const on = await cdn.app.inject({
        method: 'PATCH',
        url,
        headers: staff.headers,
        payload: { imageUrl: 'https://IMG.example.net/icons/a.png' },
      });
      expect(on.statusCode, on.body).toBe(200);
      const off = await cdn.app.inject({
        method: 'PATCH',
        url,
        headers: staff.headers,
        payload: { imageUrl: 'https://img.example.net.evil.example/a.png' },
      });
      expect(off.statusCode).toBe(400);
      expect(errorOf(off).message).toBe(cm.imageForeignHost.en);
    } finally {
      await cdn.close();
    }
  });

  it('lists the operators by code to support staff', async () => {
    const res = await get('/api/v1/admin/operators', support.headers);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json<{ data: AdminOperator[]; meta: { total: number } }>();
    expect(meta.total).toBe(3);
    expect(data.map((o) => [o.code, o.name.en, o.brandColor, o.logoUrl])).toEqual([
      ['ATOM', 'ATOM', '#00a0e3', '/media/operators/atom.svg'],
      ['MPT', 'MPT', '#ffcc00', '/media/operators/mpt.svg'],
      ['OOREDOO', 'Ooredoo', '#e30613', '/media/operators/ooredoo.svg'],
    ]);
  });

  it('edits an operator’s names, colour and logo: the shop shows it, audited; never its code', async () => {
    const list = await get('/api/v1/admin/operators', support.headers);
    const mpt = list.json<{ data: AdminOperator[] }>().data.find((o) => o.code === 'MPT');
    if (!mpt) throw new Error('no MPT');
    const products = await get('/api/v1/admin/products?q=T-MPT-1000', support.headers);
    const productId = products.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
    const shopOperator = async () =>
      (await get(`/api/v1/products/${productId}`)).json<{ data: Product }>().data.operator;
    expect((await shopOperator())?.name).toBe('MPT'); // now cached
    const logo = await uploaded(solidPng(64, 64, [255, 204, 0]), 'image/png');
    const res = await patch(`/api/v1/admin/operators/${mpt.id}`, {
      name: { en: ' MPT Myanmar ', my: 'အမ်ပီတီ' },
      brandColor: '#AB12CD',
      logoUrl: logo.data.url,
      code: 'XYZ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; data: AdminOperator }>();
    expect(body.message).toBe(cm.operatorUpdated.en);
    expect(body.data).toMatchObject({
      id: mpt.id,
      code: 'MPT',
      name: { en: 'MPT Myanmar', my: 'အမ်ပီတီ' },
      brandColor: '#ab12cd',
      logoUrl: logo.data.url,
    });
    expect(await shopOperator()).toMatchObject({
      code: 'MPT',
      name: 'MPT Myanmar',
      brandColor: '#ab12cd',
      logoUrl: logo.data.url,
    });
    const entries = (await auditOf('operator.update')).filter((e) => e.targetId === mpt.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorEmail: admin.email,
      targetType: 'operator',
      before: {
        name: { en: 'MPT', my: 'MPT' },
        brandColor: '#ffcc00',
        logoUrl: '/media/operators/mpt.svg',
      },
      after: {
        name: { en: 'MPT Myanmar', my: 'အမ်ပီတီ' },
        brandColor: '#ab12cd',
        logoUrl: logo.data.url,
      },
    });
  });

  it('refuses bad operator edits with a translated 400, 403 or 404, recording nothing', async () => {
    const list = await get('/api/v1/admin/operators', support.headers);
    const atom = list.json<{ data: AdminOperator[] }>().data.find((o) => o.code === 'ATOM');
    if (!atom) throw new Error('no ATOM');
    const url = `/api/v1/admin/operators/${atom.id}`;
    const my = { ...admin.headers, 'accept-language': 'my' };
    const refusals: [unknown, number, string, Record<string, string>?][] = [
      [{}, 400, sm.operatorNothingToChange.en],
      [{ code: 'NEW' }, 400, sm.operatorNothingToChange.en],
      [{ brandColor: 'red' }, 400, sm.brandColor.en],
      [{ brandColor: '#12345' }, 400, sm.brandColor.my, my],
      [{ name: { en: 'Only English' } }, 400, sm.operatorName.en],
      [{ name: { en: 'x'.repeat(61), my: 'y' } }, 400, sm.operatorName.en],
      [{ logoUrl: 'javascript:alert(1)' }, 400, sm.imageUrl.en],
      [{ logoUrl: `/media/uploads/${'b'.repeat(64)}.png` }, 400, cm.imageNotUploaded.en],
    ];
    for (const [payload, status, message, headers] of refusals) {
      const res = await patch(url, payload, headers);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(errorOf(res).message, JSON.stringify(payload)).toBe(message);
    }
    const unknown = await patch(`/api/v1/admin/operators/${UNKNOWN}`, { brandColor: '#000000' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(cm.operatorNotFound.en);
    const badId = await patch('/api/v1/admin/operators/MPT', { brandColor: '#000000' });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId).message).toBe(sm.operatorId.en);
    const bySupport = await patch(url, { brandColor: '#000000' }, support.headers);
    expect(bySupport.statusCode).toBe(403);
    expect((await auditOf('operator.update')).filter((e) => e.targetId === atom.id)).toEqual([]);
    const after = await get('/api/v1/admin/operators', support.headers);
    expect(after.json<{ data: AdminOperator[] }>().data.find((o) => o.code === 'ATOM')).toEqual(
      atom,
    );
  });
});
