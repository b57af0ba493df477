import type {
  Banner,
  CallCentreContact,
  Category,
  ExchangeRate,
  Product,
  ProductListResponse,
} from '@shop/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { openTestApp } from '../../test/app-kit.ts';

/** The catalogue endpoints over the demo shop the server seeds on first start. */
describe('catalogue API over the demo data', () => {
  const get = async <T>(url: string, lang = 'en') => {
    const res = await t.app.inject({ url, headers: { 'accept-language': lang } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const paysOf = (p: Product) => p.discountPrice ?? p.price;

  const t = openTestApp({ seed: true });

  it('lists every top-level category, and each one pages through its products', async () => {
    const { data: parents } = await get<{ data: Category[] }>(
      '/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc',
    );
    expect(parents.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['mobile-topup', 'data-package']),
    );
    for (const category of parents) {
      const body = await get<ProductListResponse>(
        `/api/v1/products/category/${category.slug}?limit=50`,
      );
      expect(body.meta.total, category.slug).toBe(body.data.length);
      for (const p of body.data) {
        expect(p.imageUrl, p.sku).toMatch(/^\/media\//);
        expect(Number.isInteger(p.price), p.sku).toBe(true);
      }
    }
  });

  it('keeps each of the four sort orders over the mobile top-ups', async () => {
    const url = '/api/v1/products/category/mobile-topup?limit=50';
    const byPrice = (await get<ProductListResponse>(`${url}&sortField=price&sortOrder=asc`)).data;
    expect(byPrice.length).toBeGreaterThan(3);
    expect(byPrice.map(paysOf)).toEqual(byPrice.map(paysOf).sort((a, b) => a - b));
    const byPriceDesc = (await get<ProductListResponse>(`${url}&sortField=price&sortOrder=desc`))
      .data;
    expect(byPriceDesc.map(paysOf)).toEqual(byPrice.map(paysOf).reverse());
    for (const lang of ['en', 'my']) {
      const names = (await get<ProductListResponse>(`${url}&sortField=name`, lang)).data.map((p) =>
        p.name.toLowerCase(),
      );
      // Name A–Z sorts numbers by value (catalogue.repo's natural key): 3,000 before 10,000.
      const key = (name: string) =>
        name
          .replace(/[၀-၉]/g, (d) => String(d.charCodeAt(0) - 0x1040))
          .replace(/(\d),(?=\d{3}(\D|$))/g, '$1')
          .replace(/\d+/g, (run) => run.padStart(30, '0'));
      const sorted = [...names].sort((a, b) => {
        const [ka, kb] = [key(a), key(b)];
        return ka < kb ? -1 : ka > kb ? 1 : a < b ? -1 : a > b ? 1 : 0;
      });
      expect(names, lang).toEqual(sorted);
      const desc = (await get<ProductListResponse>(`${url}&sortField=name&sortOrder=desc`, lang))
        .data;
      expect(
        desc.map((p) => p.name.toLowerCase()),
        lang,
      ).toEqual([...sorted].reverse());
    }
  });

  it('filters the top-ups by operator', async () => {
    const body = await get<ProductListResponse>(
      '/api/v1/products/category/mobile-topup?operator=MPT&limit=50',
    );
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p) => p.operator?.code === 'MPT')).toBe(true);
  });

  it('answers banners, exchange rates and the call centre', async () => {
    const { ads } = await get<{ ads: Banner[] }>('/api/v1/ads/banner');
    expect(ads.length).toBeGreaterThan(0);
    expect(ads[0]?.mobileImageUrl).toBe('/media/banners/1-art-mobile.svg');
    expect(ads[0]).toMatchObject({ headline: 'Instant Mobile Top-up', ctaLabel: 'Top up now' });
    // Issue 26: the demo banners' words are text over pictures that draw none, in both languages
    // (a phone may lack the fonts to draw Burmese in a picture), so every reader sees a button.
    const { ads: burmese } = await get<{ ads: Banner[] }>('/api/v1/ads/banner', 'my');
    expect(burmese.map((ad) => ad.mobileImageUrl)).toEqual(ads.map((ad) => ad.mobileImageUrl));
    for (const ad of burmese) {
      expect(ad.headline, ad.title).toMatch(/[\u1000-\u109f]/);
      expect(ad.ctaLabel, ad.title).toMatch(/[\u1000-\u109f]/);
      expect(`${ad.headline ?? ''} ${ad.ctaLabel ?? ''}`, ad.title).not.toMatch(/[A-Za-z0-9]/);
      for (const url of [ad.imageUrl, ad.mobileImageUrl, ad.tabletImageUrl]) {
        const picture = await t.app.inject({ url });
        expect(picture.statusCode, url).toBe(200);
        expect(picture.body, url).not.toContain('<text');
      }
    }
    for (const ad of ads) {
      expect(ad.headline, ad.title).toBeTruthy();
      expect(ad.ctaLabel, ad.title).toBeTruthy();
    }
    const { data: rates } = await get<{ data: ExchangeRate[] }>('/api/v1/exchange-rates');
    expect(rates.find((r) => r.currency === 'USD')).toMatchObject({
      status: 'active',
      baseCurrency: 'MMK',
    });
    expect(rates.some((r) => r.status === 'inactive')).toBe(true);
    const { data: contact } = await get<{ data: CallCentreContact }>('/api/v1/site/contact');
    expect(contact.hours).toEqual({
      start: '09:00',
      end: '17:00',
      workingDays: [1, 2, 3, 4, 5],
      timezone: 'Asia/Yangon',
    });
    expect(contact.phone).not.toBe('');
  });
});
