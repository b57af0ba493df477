import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app-kit.ts';

describe('platform', () => {
  let t: TestApp;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><html lang="en"><title>shop</title>' +
        '<link rel="manifest" href="/manifest.webmanifest" />' +
        '<meta name="apple-mobile-web-app-title" content="MyanTopup" /><div id="root"></div>',
    );
    // As the web build writes them (apps/web src/features/install/web-app-manifest.ts).
    fs.writeFileSync(
      path.join(webRoot, 'manifest.webmanifest'),
      JSON.stringify({ lang: 'en', short_name: 'MyanTopup' }),
    );
    fs.writeFileSync(
      path.join(webRoot, 'manifest.my.webmanifest'),
      JSON.stringify({ lang: 'my', short_name: 'ငွေဖြည့်ဆိုင်' }),
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(
      path.join(webRoot, 'assets', 'app-abc123.js.map'),
      '{"sources":["secret.ts"]}',
    );
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('GET /healthz answers while the process is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('unknown /api paths answer a JSON 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      success: false,
      error: 'Route GET /api/v1/nope not found',
      message: 'Route GET /api/v1/nope not found',
      code: 'NOT_FOUND',
    });
  });

  it('other paths get the web app, so deep links load', async () => {
    for (const url of ['/', '/orders/123', '/product/mobile-topup?lang=my']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("the app page is in the reader's language (its lang: the still-loading words) and links that language's web app manifest (issue 16)", async () => {
    const burmese = [
      { url: '/orders?lang=my' },
      { url: '/orders', headers: { cookie: 'lang=my' } },
      { url: '/orders', headers: { 'accept-language': 'my-MM,my;q=0.9' } },
    ];
    for (const { url, headers } of burmese) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.body, url).toContain('<html lang="my">');
      expect(res.body, url).toContain('<link rel="manifest" href="/manifest.my.webmanifest" />');
      expect(res.body, url).toContain(
        '<meta name="apple-mobile-web-app-title" content="ငွေဖြည့်ဆိုင်" />',
      );
    }
    const english = await t.app.inject({
      method: 'GET',
      url: '/orders',
      headers: { cookie: 'lang=en', 'accept-language': 'my' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(english.body).toContain(
      '<meta name="apple-mobile-web-app-title" content="MyanTopup" />',
    );
  });

  it('serves each manifest as application/manifest+json, revalidated before use', async () => {
    for (const [url, lang] of [
      ['/manifest.webmanifest', 'en'],
      ['/manifest.my.webmanifest', 'my'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/manifest\+json\b/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      expect(res.json<{ lang: string }>().lang).toBe(lang);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('fingerprinted assets are cached for a year, a missing asset is a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'POST', url: '/assets/none.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('never serves source maps (issue 13): they hold the sources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('secret.ts');
  });

  it('sends the security headers of DESIGN §5 and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // No inline script or <style>; style attributes of the server-rendered pages only (ADR 0027).
    expect(csp).not.toMatch(/(script-src|style-src|default-src) [^;]*unsafe-inline/);
    expect(csp).toContain("style-src-attr 'unsafe-inline'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // HSTS only over HTTPS (below); this shop is http://shop.test.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['permissions-policy']).toContain('geolocation=()');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows images from the shop itself only, unless an image CDN is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(imgSrc).toBe("'self' data: blob:");
    const withCdn = await createTestApp({
      webRoot,
      env: { IMAGE_CDN_ORIGIN: 'https://img.example.com' },
    });
    try {
      const page = await withCdn.app.inject({ method: 'GET', url: '/' });
      expect(String(page.headers['content-security-policy'])).toContain(
        "img-src 'self' data: blob: https://img.example.com;",
      );
    } finally {
      await withCdn.close();
    }
  });

  it('sends HSTS when the shop is served over HTTPS', async () => {
    const secure = await createTestApp({ webRoot, env: { PUBLIC_URL: 'https://shop.test' } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });

  it('keeps a request id given by a proxy when it is a plain short id, else makes its own', async () => {
    const id = (value: string) =>
      t.app
        .inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': value } })
        .then((res) => res.headers['x-request-id']);
    expect(await id('lb-42')).toBe('lb-42');
    for (const bad of ['<script>alert(1)</script>', 'a'.repeat(65), 'id with spaces', 'ü'])
      expect(await id(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves OpenAPI generated from the route schemas at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/categories/parents', '/readyz']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers malformed JSON with a 400 in the error shape, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories/parents',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ success: false, code: expect.any(String) as unknown });
  });

  it('serves the shop’s own images under /media', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/media/default.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});
