import fs from 'node:fs';
import path from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret } from '../platform/crypto.ts';
import type { Database } from '../platform/db.ts';
import { assetsFolder } from '../platform/paths.ts';
import type { Secrets } from '../platform/secrets.ts';
import { createTestDatabase, testSecrets } from '../test/app-kit.ts';
import {
  banners,
  cards,
  categories,
  exchangeRates,
  operators,
  products,
  promoCodes,
  siteSettings,
} from './schema.ts';
import { DEMO_SEED_SETTING, seedDemoShop } from './seed.ts';

const BURMESE = /[\u1000-\u109F]/;

describe('demo shop seed', () => {
  let database: Database & { dispose(): Promise<void> };
  let secrets: Secrets;
  let firstRun: boolean;

  const tables = { banners, cards, categories, exchangeRates, operators, products, siteSettings };
  async function rowCounts(): Promise<Record<string, number>> {
    const entries = await Promise.all(
      Object.entries(tables).map(async ([name, table]) => {
        const [row] = await database.db.select({ n: count() }).from(table);
        return [name, row?.n ?? 0] as const;
      }),
    );
    return Object.fromEntries(entries);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    secrets = testSecrets();
    firstRun = await seedDemoShop(database.db, secrets);
  });
  afterAll(() => database.dispose());

  it('seeds once, then does nothing', async () => {
    expect(firstRun).toBe(true);
    const before = await rowCounts();
    expect(await seedDemoShop(database.db, secrets)).toBe(false);
    expect(await rowCounts()).toEqual(before);
    const [marker] = await database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, DEMO_SEED_SETTING));
    expect(marker?.value).toMatchObject({ version: 1, seededAt: expect.any(String) as string });
  });

  it('has the demo promo code WELCOME10 (10 % off from 2,000 Ks, once per customer)', async () => {
    const rows = await database.db.select().from(promoCodes);
    expect(rows).toEqual([
      expect.objectContaining({
        code: 'WELCOME10',
        kind: 'percent',
        value: 10,
        minimumSpendMmk: 2000,
        perCustomerLimit: 1,
        totalLimit: null,
        active: true,
        redeemedCount: 0,
      }),
    ]);
  });

  it('has the seven home categories, an inactive one and sub-categories', async () => {
    const rows = await database.db.select().from(categories);
    const parents = rows.filter((c) => c.parentId === null);
    const activeSlugs = parents
      .filter((c) => c.isActive)
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((c) => c.slug);
    expect(activeSlugs).toEqual([
      'mobile-topup',
      'data-package',
      'local-epins',
      'egift-cards',
      'games',
      'internet',
      'bills',
    ]);
    expect(parents.some((c) => !c.isActive)).toBe(true);
    const giftCards = rows.find((c) => c.slug === 'egift-cards');
    expect(rows.filter((c) => c.parentId === giftCards?.id).length).toBeGreaterThanOrEqual(2);
  });

  it('has all five operators', async () => {
    const rows = await database.db.select().from(operators);
    expect(rows.map((o) => o.code).sort()).toEqual(['ATOM', 'MEC', 'MPT', 'MYTEL', 'OOREDOO']);
    for (const o of rows) expect(o.brandColor).toMatch(/^#[0-9A-F]{6}$/i);
  });

  it('has products in every state, with sensible prices and operators', async () => {
    const rows = await database.db.select().from(products);
    const statuses = new Set(rows.map((p) => p.status));
    expect(statuses).toContain('active');
    expect(statuses).toContain('out_of_stock');
    expect(statuses).toContain('coming_soon');
    expect(rows.some((p) => p.discountPriceMmk !== null)).toBe(true);
    for (const p of rows) {
      expect(Number.isInteger(p.priceMmk) && p.priceMmk > 0).toBe(true);
      if (p.discountPriceMmk !== null) {
        expect(p.discountPriceMmk).toBeGreaterThan(0);
        expect(p.discountPriceMmk).toBeLessThan(p.priceMmk);
      }
      if (p.kind === 'topup' || p.kind === 'data') expect(p.operatorId).not.toBeNull();
      if (p.kind === 'topup') expect(p.topupAmountMmk).toBe(p.priceMmk);
      if (p.kind === 'data') expect(p.dataMb && p.validityDays).toBeTruthy();
    }
    const operatorCount = new Set(rows.filter((p) => p.kind === 'topup').map((p) => p.operatorId));
    expect(operatorCount.size).toBe(5);
  });

  it('stocks every E-PIN and gift card on sale, and nothing that is not', async () => {
    const stocked = await database.db
      .select({ productId: cards.productId, n: count() })
      .from(cards)
      .where(eq(cards.status, 'available'))
      .groupBy(cards.productId);
    const stock = new Map(stocked.map((s) => [s.productId, s.n]));
    const sold = await database.db
      .select()
      .from(products)
      .where(inArray(products.kind, ['epin', 'giftcard']));
    expect(sold.length).toBeGreaterThan(0);
    for (const p of sold) {
      if (p.status === 'active') expect(stock.get(p.id), p.sku).toBeGreaterThan(0);
      else expect(stock.get(p.id) ?? 0, p.sku).toBe(0);
    }
  });

  it('keeps PINs encrypted: 16 digits once decrypted, never stored in plain', async () => {
    const sample = await database.db.select().from(cards).limit(50);
    expect(sample.length).toBe(50);
    for (const card of sample) {
      const pin = decryptSecret(card.pinEncrypted, secrets.pinEncryptionKey);
      expect(pin).toMatch(/^\d{16}$/);
      expect(card.pinEncrypted).not.toBe(pin);
      expect(card.pinEncrypted).not.toContain(pin);
      expect(card.expiresAt?.getTime()).toBeGreaterThan(Date.now());
    }
    const serials = await database.db
      .select({ productId: cards.productId, serial: cards.serial })
      .from(cards);
    expect(new Set(serials.map((c) => `${c.productId}/${c.serial}`)).size).toBe(serials.length);
  });

  it('refers only to images that exist under assets/', async () => {
    const urls = [
      ...(await database.db.select({ u: categories.imageUrl }).from(categories)),
      ...(await database.db.select({ u: operators.logoUrl }).from(operators)),
      ...(await database.db.select({ u: products.imageUrl }).from(products)),
      ...(await database.db.select({ u: banners.imageUrl }).from(banners)),
      ...(await database.db.select({ u: banners.mobileImageUrl }).from(banners)),
      ...(await database.db.select({ u: banners.tabletImageUrl }).from(banners)),
    ].map((r) => r.u);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of new Set(urls)) {
      expect(url, url).toMatch(/^\/media\/[a-z0-9/-]+\.svg$/);
      expect(fs.existsSync(path.join(assetsFolder, url.slice('/media/'.length))), url).toBe(true);
    }
    expect(fs.existsSync(path.join(assetsFolder, 'default.svg'))).toBe(true);
  });

  it('keeps the SVG assets small and self-contained', () => {
    const files = fs
      .readdirSync(assetsFolder, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.svg'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = fs.readFileSync(path.join(assetsFolder, file), 'utf8');
      expect(Buffer.byteLength(text), file).toBeLessThan(4096);
      expect(text, file).not.toMatch(/<script|href=|url\((?!#)|@import|@font-face/i);
    }
  });

  it('names and describes everything in English and Burmese', async () => {
    const texts = [
      ...(await database.db
        .select({ a: categories.name, b: categories.description })
        .from(categories)),
      ...(await database.db.select({ a: operators.name, b: operators.name }).from(operators)),
      ...(await database.db.select({ a: products.name, b: products.description }).from(products)),
      ...(await database.db.select({ a: banners.title, b: banners.description }).from(banners)),
    ].flatMap((r) => [r.a, r.b]);
    for (const text of texts) {
      expect(text?.en.trim(), JSON.stringify(text)).toBeTruthy();
      expect(text?.my, JSON.stringify(text)).toMatch(BURMESE);
    }
  });

  it('stores rates and the call-centre contact the contact service reads', async () => {
    const rates = await database.db.select().from(exchangeRates);
    expect(rates.find((r) => r.currency === 'USD')).toMatchObject({
      baseCurrency: 'MMK',
      isActive: true,
    });
    expect(rates.some((r) => !r.isActive)).toBe(true);
    for (const r of rates) expect(Number(r.rate)).toBeGreaterThan(0);
    const [contact] = await database.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.key, 'call_centre'));
    expect(contact?.value).toMatchObject({
      email: 'support@myantopup.example',
      hours: {
        start: '09:00',
        end: '17:00',
        workingDays: [1, 2, 3, 4, 5],
        timezone: 'Asia/Yangon',
      },
    });
  });
});

describe('demo shop seed on a shop with its own catalogue', () => {
  it('adds nothing when categories already exist', async () => {
    const database = await createTestDatabase();
    try {
      await database.db.insert(categories).values({
        slug: 'own-category',
        name: { en: 'Our own', my: 'ကိုယ်ပိုင်' },
        imageUrl: '/media/default.svg',
      });
      expect(await seedDemoShop(database.db, testSecrets())).toBe(false);
      const [row] = await database.db.select({ n: count() }).from(products);
      expect(row?.n).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
