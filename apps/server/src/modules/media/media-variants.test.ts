import type { AdminMediaUpload } from '@shop/contracts/admin-media';
import { adminCatalogueMessages as cm } from '@shop/contracts/admin-catalogue-messages';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';
import { errorOf, movableClock } from '../../test/auth-kit.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';
import { solidPng } from '../../test/media-kit.ts';
import { mediaUploads, mediaVariants } from './media.tables.ts';

/*
 * Issue 29's responsive images (ADR 0067): an upload is stored with smaller copies at the spec's
 * preset widths (150, 300, 600, 1200; never wider than the upload), each in AVIF, WebP and its own
 * type, and /media/uploads/<file>?w=…&format=… serves them with the right type and caching; a bad
 * query is a 400 that names what may be asked. PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

/** A banner-like picture (gradients and shapes, as a photograph's smooth areas) as a JPEG. */
const bannerJpeg = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#f472b6"/>
        </linearGradient></defs>
        <rect width="100%" height="100%" fill="url(#g)"/>
        <circle cx="${String(width * 0.8)}" cy="${String(height / 3)}" r="${String(height / 3)}" fill="#fff" opacity="0.3"/>
      </svg>`,
    ),
  )
    .jpeg({ quality: 92 })
    .toBuffer();

const CHROME_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('responsive copies of uploads', () => {
  const clock = movableClock(new Date());
  const t = openTestApp({ clock });
  let admin: SignedInStaff;
  beforeAll(async () => {
    admin = await signedInStaff(t, clock, 'admin');
  });

  const upload = async (bytes: Buffer, contentType: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/media',
      headers: { ...admin.headers, 'content-type': contentType },
      payload: bytes,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminMediaUpload }>().data;
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { 'accept-language': 'en', ...headers } });
  const variantsOf = async (url: string) => {
    const sha256 = /([0-9a-f]{64})/.exec(url)?.[1] ?? '';
    return t.database.db
      .select({
        width: mediaVariants.width,
        height: mediaVariants.height,
        contentType: mediaVariants.contentType,
        size: mediaVariants.size,
      })
      .from(mediaVariants)
      .innerJoin(mediaUploads, eq(mediaUploads.id, mediaVariants.uploadId))
      .where(eq(mediaUploads.sha256, sha256))
      .orderBy(asc(mediaVariants.contentType), asc(mediaVariants.width));
  };
  /** What sharp reads the served bytes as. */
  const decoded = async (body: Buffer) => {
    const { format, width, height } = await sharp(body).metadata();
    return { format, width, height };
  };

  it('stores a wide JPEG at 150, 300, 600 and 1200 px in AVIF, WebP and JPEG, each smaller', async () => {
    const original = await upload(await bannerJpeg(1600, 600), 'image/jpeg');
    expect(original).toMatchObject({ width: 1600, height: 600, contentType: 'image/jpeg' });
    const variants = await variantsOf(original.url);
    const expected = [150, 300, 600, 1200].map((width) => ({
      width,
      height: Math.round((width * 600) / 1600),
    }));
    for (const contentType of ['image/avif', 'image/jpeg', 'image/webp'])
      expect(
        variants
          .filter((v) => v.contentType === contentType)
          .map(({ width, height }) => ({ width, height })),
      ).toEqual(expected);
    expect(variants).toHaveLength(12);
    for (const v of variants) expect(v.size).toBeLessThan(original.size);

    // Each asked for by width and format: the type it says, decoded at the width asked.
    for (const [format, type] of [
      ['avif', 'image/avif'],
      ['webp', 'image/webp'],
      ['jpg', 'image/jpeg'],
    ] as const) {
      const res = await get(`${original.url}?w=600&format=${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.vary).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(await decoded(res.rawPayload)).toEqual({
        format: { avif: 'heif', webp: 'webp', jpg: 'jpeg' }[format],
        width: 600,
        height: 225,
      });
    }
  });

  it('never enlarges: a 450 px WebP is kept at 150, 300 and its own 450 px; 1200 serves those', async () => {
    const webp = await sharp(await bannerJpeg(450, 300))
      .webp()
      .toBuffer();
    const stored = await upload(webp, 'image/webp');
    const variants = await variantsOf(stored.url);
    expect(variants.map((v) => `${v.contentType} ${String(v.width)}×${String(v.height)}`)).toEqual([
      'image/avif 150×100',
      'image/avif 300×200',
      'image/avif 450×300',
      'image/webp 150×100',
      'image/webp 300×200',
    ]);
    // WebP at 1200 is the upload itself, not wider; AVIF at 1200 its 450 px copy.
    const asWebp = await get(`${stored.url}?w=1200&format=webp`);
    expect(asWebp.headers['content-type']).toBe('image/webp');
    expect(asWebp.rawPayload.equals((await get(stored.url)).rawPayload)).toBe(true);
    const asAvif = await get(`${stored.url}?w=1200&format=avif`);
    expect(asAvif.headers['content-type']).toBe('image/avif');
    expect(await decoded(asAvif.rawPayload)).toMatchObject({ width: 450, height: 300 });
    // Between presets: the widest copy not wider than asked.
    const at600 = await get(`${stored.url}?w=600&format=webp`);
    expect(await decoded(at600.rawPayload)).toMatchObject({ width: 450 });

    // A picture narrower than every preset: copies at its own width only, in the other types.
    const tiny = await upload(solidPng(100, 80, [10, 200, 90]), 'image/png');
    expect((await variantsOf(tiny.url)).map((v) => `${v.contentType} ${String(v.width)}`)).toEqual([
      'image/avif 100',
      'image/webp 100',
    ]);
    const tinyAt150 = await get(`${tiny.url}?w=150&format=png`);
    expect(tinyAt150.headers['content-type']).toBe('image/png');
    expect(await decoded(tinyAt150.rawPayload)).toMatchObject({ width: 100, height: 80 });
  });

  it('picks AVIF, then WebP, else the own type from Accept, and says the answer varies by it', async () => {
    const stored = await upload(solidPng(700, 300, [200, 30, 60]), 'image/png');
    const asked = async (accept: string) => {
      const res = await get(`${stored.url}?w=300`, { accept });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await decoded(res.rawPayload)).toMatchObject({ width: 300 });
      return res.headers['content-type'];
    };
    expect(await asked(CHROME_ACCEPT)).toBe('image/avif');
    expect(await asked('image/webp,*/*')).toBe('image/webp');
    expect(await asked('image/avif;q=0,image/webp')).toBe('image/webp');
    expect(await asked('*/*')).toBe('image/png');
    // Each copy has its own ETag, and a revalidation of it is a 304.
    const first = await get(`${stored.url}?w=300`, { accept: CHROME_ACCEPT });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}-300-avif"$/);
    const again = await get(`${stored.url}?w=300`, {
      accept: CHROME_ACCEPT,
      'if-none-match': etag,
    });
    expect(again.statusCode).toBe(304);
    // Without a query: the upload as stored, as before.
    const plain = await get(stored.url, { accept: CHROME_ACCEPT });
    expect(plain.headers['content-type']).toBe('image/png');
    expect(plain.headers.vary).toBeUndefined();
  });

  it('answers a bad query with a 400 naming what may be asked, and changes nothing', async () => {
    const stored = await upload(solidPng(640, 320, [20, 60, 160]), 'image/png');
    const uploads = async () =>
      (await t.database.db.select({ n: count() }).from(mediaUploads))[0]?.n;
    const variants = async () =>
      (await t.database.db.select({ n: count() }).from(mediaVariants))[0]?.n;
    const before = { uploads: await uploads(), variants: await variants() };
    for (const query of [
      'w=500',
      'w=0600',
      'w=abc',
      'w=',
      'w=600&w=300',
      'w=600&format=gif',
      'w=600&format=jpg',
      'w=600&format=svg',
      'format=avif',
      'w=600&quality=10',
      'width=600',
    ]) {
      const res = await get(`${stored.url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(errorOf(res)).toMatchObject({ code: 'BAD_REQUEST', message: cm.mediaVariantQuery.en });
    }
    expect(await get(`${stored.url}?w=600`, { 'accept-language': 'my' })).toMatchObject({
      statusCode: 200,
    });
    expect({ uploads: await uploads(), variants: await variants() }).toEqual(before);
    // An unknown upload at a good size is still a 404.
    expect((await get(`/media/uploads/${'0'.repeat(64)}.png?w=300`)).statusCode).toBe(404);
  });

  it('makes the copies once: the same file again adds none', async () => {
    const bytes = solidPng(320, 160, [90, 90, 20]);
    const first = await upload(bytes, 'image/png');
    const stored = await variantsOf(first.url);
    const again = await upload(bytes, 'image/png');
    expect(again.url).toBe(first.url);
    expect(await variantsOf(again.url)).toEqual(stored);
  });
});
