import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app-kit.ts';

/**
 * Compression (issue 13): the catalogue's cached answers go out as the br or gzip bytes stored
 * with the entry (no work per hit), each encoding with its own validator; other answers above
 * 1 KiB are compressed on the fly; clients that ask for nothing get plain bytes.
 */

let t: TestApp;
const listing = '/api/v1/products/category/local-epins';

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { 'accept-language': 'en', ...headers } });

describe('compression', () => {
  it('a cached listing goes out br or gzip as asked, the same JSON as plain, each with its own ETag', async () => {
    const plain = await get(listing);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(listing, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gzip = await get(listing, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    // br refused by q=0: gzip.
    const noBr = await get(listing, { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(noBr.headers['content-encoding']).toBe('gzip');

    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    expect(String(br.headers.vary)).toContain('accept-encoding');
    const again = await get(listing, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // The gzip validator does not stand for the br bytes.
    const other = await get(listing, {
      'accept-encoding': 'br',
      'if-none-match': String(gzip.headers.etag),
    });
    expect(other.statusCode).toBe(200);
  });

  it('a hit sends the bytes made with the entry: the same compressed bytes every time', async () => {
    const first = await get(listing, { 'accept-encoding': 'br' });
    const second = await get(listing, { 'accept-encoding': 'br' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('other answers over 1 KiB are compressed on the fly; small ones are not', async () => {
    const docs = await get('/api/docs/json', { 'accept-encoding': 'br, gzip' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(docs.rawPayload).toString())).toHaveProperty(
      'openapi',
    );
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });
});
