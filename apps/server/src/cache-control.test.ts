import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './test/admin-kit.ts';
import { movableClock } from './test/auth-kit.ts';
import { insertTestCatalogue } from './test/catalogue-kit.ts';
import { addMptTopUp, orderAwaitingQrPayment, type ShopTest } from './test/checkout-kit.ts';
import { createTestApp } from './test/app-kit.ts';

/*
 * Answers are private unless they say otherwise (ADR 0047, issue 25): every GET route of the API
 * (from the OpenAPI document) and the pages, files and probes beside it are asked as a signed-in
 * customer with a cart and an order (the back-office's as an admin). Each answer either declares
 * itself shareable (public, or no-cache with a validator) and is then the same for a caller
 * without any credentials, or is kept by no cache at all (no-store, never public).
 */

const UNKNOWN_UUID = '3f2b8c1e-7d4a-4e6b-9c0d-5a1f2e3d4c5b';

interface QueryParameter {
  in: string;
  name: string;
  required?: boolean;
}

const cacheControlOf = (res: {
  headers: Record<string, string | string[] | number | undefined>;
}) => {
  const value = res.headers['cache-control'];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
};
/** Shareable: a cache may keep it (public) or keep it and revalidate it (no-cache). */
const isShareable = (cacheControl: string) =>
  /\bpublic\b/.test(cacheControl) ||
  (/\bno-cache\b/.test(cacheControl) && !/\b(private|no-store)\b/.test(cacheControl));

describe('Cache-Control of every answer', () => {
  let s: ShopTest;
  let webRoot: string;
  let customer: Record<string, string>;
  let admin: SignedInStaff;
  let values: Record<string, string>;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'web-'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><title>shop</title><div id="root"></div>',
    );
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const clock = movableClock(new Date());
    const t = await createTestApp({ clock, webRoot });
    s = { t, clock, catalogue: await insertTestCatalogue(t.database.db) };
    // A customer with an order awaiting payment and a cart holding a recipient's number.
    const { user, order } = await orderAwaitingQrPayment(s);
    customer = user.headers;
    await addMptTopUp(s, customer);
    admin = await signedInStaff(t, clock, 'admin');
    values = {
      id: s.catalogue.productId('T-MPT-1000'),
      productId: s.catalogue.productId('T-MPT-1000'),
      categoryId: s.catalogue.topup.id,
      orderId: order.orderId,
      sessionId: order.orderId,
      checkoutAmount: '1000',
    };
  });
  afterAll(async () => {
    await s.t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string>) =>
    s.t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en', ...headers } });

  /** Every GET path of the API document, its path and required query parameters filled in. */
  function apiUrls(): string[] {
    const spec = s.t.app.swagger() as unknown as {
      paths: Record<string, { get?: { parameters?: QueryParameter[] } }>;
    };
    return Object.entries(spec.paths).flatMap(([route, { get: operation }]) => {
      if (!operation) return [];
      const url = route.replaceAll(
        /\{([^}]+)\}/g,
        (_match, name: string) => values[name] ?? UNKNOWN_UUID,
      );
      const query = new URLSearchParams(
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p): [string, string] => [p.name, values[p.name] ?? '1']),
      ).toString();
      return [query ? `${url}?${query}` : url];
    });
  }

  it('keeps every answer that depends on the caller out of caches, and shares only the same answer', async () => {
    const urls = [
      ...apiUrls(),
      '/',
      '/orders',
      '/assets/app-abc123.js',
      '/media/default.svg',
      '/media/missing.png',
      '/api/v1/nope',
    ];
    expect(urls).toContain('/api/v1/cart');
    expect(urls).toContain('/api/v1/payment-methods');
    expect(urls.length).toBeGreaterThan(40);
    const problems: string[] = [];
    const shared: string[] = [];
    for (const url of urls) {
      const headers = url.startsWith('/api/v1/admin') ? admin.headers : customer;
      const res = await get(url, headers);
      const cacheControl = cacheControlOf(res);
      if (isShareable(cacheControl)) {
        // Shared by caches: a caller without credentials must get the very same answer.
        const stranger = await get(url, {});
        if (stranger.body !== res.body || stranger.statusCode !== res.statusCode)
          problems.push(`${url}: "${cacheControl}" but differs for a stranger`);
        shared.push(url);
      } else if (!/\bno-store\b/.test(cacheControl)) {
        problems.push(`${url} → ${res.statusCode}: "${cacheControl}"`);
      }
    }
    expect(problems).toEqual([]);
    // The deliberately shared answers keep their public caching (ADR 0007, 0027).
    for (const url of [
      '/api/v1/categories/parents',
      `/api/v1/products/${values.productId}`,
      '/api/v1/site/festivals',
      '/',
      '/assets/app-abc123.js',
      '/media/default.svg',
    ])
      expect(shared).toContain(url);
  });

  it('answers the cart (recipient numbers) and the payment methods (points) private, no-store', async () => {
    for (const url of ['/api/v1/cart', '/api/v1/payment-methods']) {
      const res = await get(url, customer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    // A first cart call without credentials mints a guest id: private too.
    const guest = await get('/api/v1/cart', {});
    expect(guest.headers['x-guest-id']).toBeTruthy();
    expect(guest.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the public caching of the catalogue, festival windows, pages, assets and images', async () => {
    const expected: [string, string][] = [
      ['/api/v1/categories/parents', 'public, max-age=30'],
      ['/api/v1/site/festivals', 'public, max-age=60'],
      ['/', 'no-cache'],
      ['/assets/app-abc123.js', 'public, max-age=31536000, immutable'],
      ['/media/default.svg', 'public, max-age=604800'],
    ];
    for (const [url, cacheControl] of expected)
      expect((await get(url, customer)).headers['cache-control'], url).toBe(cacheControl);
  });
});
