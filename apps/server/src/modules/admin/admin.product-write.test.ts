import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import type { AdminProduct } from '@shop/contracts/admin';
import type { Product } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { errorOf, movableClock } from '../../test/auth-kit.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { insertTestCatalogue } from '../../test/catalogue-kit.ts';
import { createProductAdminRepo } from '../catalogue/product-admin.repo.ts';
import { createProductAdminService } from '../catalogue/product-admin.service.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17, the whole product edit (names, description, operator, order besides price and state)
 * and the product create: audited, the public listing answering the new values at once, bad input
 * refused with a 4xx and nothing written (PGlite here; PostgreSQL with TEST_DATABASE_URL).
 */

describe('back-office product edit (all fields) and create', () => {
  let t: TestApp;
  let admin: SignedInStaff;
  let support: SignedInStaff;
  let netflixId: string;
  let giftCategory: string;
  const clock = movableClock(new Date());

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const catalogue = await insertTestCatalogue(t.database.db);
    netflixId = catalogue.productId('G-NETFLIX-15');
    giftCategory = catalogue.gift.id;
    admin = await signedInStaff(t, clock);
    support = await signedInStaff(t, clock, 'support');
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: object, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/admin/products/${id}`, headers, payload });
  const create = (payload: object, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/admin/products', headers, payload });
  const listing = async (lang: 'en' | 'my') => {
    const res = await t.app.inject({
      url: '/api/v1/products/category/egift-cards?limit=50',
      headers: { 'accept-language': lang },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Product[] }>().data;
  };
  const audit = (action: string) => auditLogAs(t, admin, `action=${action}&limit=100`);
  const countProducts = async () => (await t.database.db.select().from(products)).length;

  const newProduct = {
    categoryId: '',
    kind: 'epin',
    sku: 'e-razer-25',
    name: { en: ' Razer Gold 25 ', my: 'Razer Gold ၂၅' },
    description: { en: 'Razer Gold PIN', my: 'Razer Gold ပင်နံပါတ်' },
    priceMmk: 52000,
    discountPriceMmk: 50000,
    operator: null,
    status: 'active',
  };

  it('edits names, description, operator and order; the shop shows them at once, audited', async () => {
    // Warm the cache first, so a stale copy would show.
    expect((await listing('en')).some((p) => p.name === 'Netflix US$15')).toBe(true);
    const res = await patch(netflixId, {
      name: { en: 'Netflix 15 USD', my: 'Netflix ၁၅ ဒေါ်လာ ကတ်' },
      description: { en: 'Netflix code, any region', my: 'Netflix ကုဒ်' },
      operator: 'MPT',
      sortOrder: 7,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: AdminProduct }>().data;
    expect(data).toMatchObject({
      name: { en: 'Netflix 15 USD', my: 'Netflix ၁၅ ဒေါ်လာ ကတ်' },
      description: { en: 'Netflix code, any region', my: 'Netflix ကုဒ်' },
      operator: 'MPT',
      sortOrder: 7,
      priceMmk: 65000,
    });
    const en = (await listing('en')).find((p) => p.id === netflixId);
    expect(en?.name).toBe('Netflix 15 USD');
    expect(en?.description).toBe('Netflix code, any region');
    expect((await listing('my')).find((p) => p.id === netflixId)?.name).toBe('Netflix ၁၅ ဒေါ်လာ ကတ်');
    const entry = (await audit('product.update')).data.find((e) => e.targetId === netflixId);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      before: { name: { en: 'Netflix US$15' }, operator: null, sortOrder: 0 },
      after: { name: { en: 'Netflix 15 USD' }, operator: 'MPT', sortOrder: 7 },
    });
    // And back to no operator.
    const none = await patch(netflixId, { operator: null });
    expect(none.statusCode).toBe(200);
    expect(none.json<{ data: AdminProduct }>().data.operator).toBeNull();
  });

  it('refuses bad edits with a translated 400, changing and recording nothing', async () => {
    const before = (await audit('product.update')).meta.total;
    const my = { ...admin.headers, 'accept-language': 'my' };
    const blankName = await patch(netflixId, { name: { en: '  ', my: 'x' } }, my);
    expect(blankName.statusCode).toBe(400);
    expect(errorOf(blankName).message).toBe(adminSchemaMessages.productName.my);
    const halfName = await patch(netflixId, { name: { en: 'Only English' } });
    expect(halfName.statusCode).toBe(400);
    expect(errorOf(halfName).message).toBe(adminSchemaMessages.productName.en);
    const operator = await patch(netflixId, { operator: 'VODAFONE' });
    expect(operator.statusCode).toBe(400);
    expect(errorOf(operator).message).toBe(adminSchemaMessages.productOperator.en);
    // MYTEL is a code the shop knows, but this catalogue has no MYTEL row.
    const missing = await patch(netflixId, { operator: 'MYTEL' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toBe(adminMessages.operatorUnknown.en);
    const order = await patch(netflixId, { sortOrder: -1 });
    expect(order.statusCode).toBe(400);
    expect(errorOf(order).message).toBe(adminSchemaMessages.sortOrder.en);
    const long = await patch(netflixId, { description: { en: 'x'.repeat(2001), my: '' } });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe(adminSchemaMessages.productDescription.en);
    expect((await patch(netflixId, { sortOrder: 3 }, support.headers)).statusCode).toBe(403);
    expect((await audit('product.update')).meta.total).toBe(before);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, netflixId));
    expect(row?.sortOrder).toBe(7);
  });

  it('creates an E-PIN product: in its category’s listing at once, audited', async () => {
    await listing('en'); // cached before the create
    const res = await create({ ...newProduct, categoryId: giftCategory });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ message: string; data: AdminProduct }>();
    expect(body.message).toBe(adminMessages.productCreated.en);
    expect(body.data).toMatchObject({
      sku: 'E-RAZER-25',
      kind: 'epin',
      name: { en: 'Razer Gold 25', my: 'Razer Gold ၂၅' },
      category: { en: 'eGift Cards' },
      operator: null,
      priceMmk: 52000,
      discountPriceMmk: 50000,
      status: 'active',
      availableCards: 0,
    });
    const shown = (await listing('my')).find((p) => p.id === body.data.id);
    expect(shown?.name).toBe('Razer Gold ၂၅');
    const entry = (await audit('product.create')).data.find((e) => e.targetId === body.data.id);
    expect(entry).toMatchObject({
      actorEmail: admin.email,
      targetType: 'product',
      before: null,
      after: { sku: 'E-RAZER-25', kind: 'epin', categoryId: giftCategory, priceMmk: 52000 },
    });
  });

  it('refuses a taken SKU with 409, and bad input with 400, writing nothing', async () => {
    const products0 = await countProducts();
    const audits0 = (await audit('product.create')).meta.total;
    const base = { ...newProduct, categoryId: giftCategory };
    const my = { ...admin.headers, 'accept-language': 'my' };
    const taken = await create({ ...base, sku: 'E-Razer-25' }, my);
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(adminMessages.skuTaken.my);
    const cases: [object, string][] = [
      [{ ...base, sku: 'E-NEW-1', kind: 'voucher' }, adminSchemaMessages.productKind.en],
      // Each kind's own fields: admin.product-kinds.test.ts.
      [{ ...base, sku: 'E-NEW-1', kind: 'topup' }, adminSchemaMessages.operatorRequired.en],
      [{ ...base, sku: 'bad sku!' }, adminSchemaMessages.sku.en],
      [{ ...base, sku: 'E-NEW-1', categoryId: 'nope' }, adminSchemaMessages.categoryId.en],
      [
        { ...base, sku: 'E-NEW-1', categoryId: '00000000-0000-4000-8000-000000000000' },
        adminMessages.categoryUnknown.en,
      ],
      [{ ...base, sku: 'E-NEW-1', status: 'archived' }, adminSchemaMessages.productStatus.en],
      [
        { ...base, sku: 'E-NEW-1', discountPriceMmk: 60000 },
        adminSchemaMessages.discountBelowPrice.en,
      ],
      [{ ...base, sku: 'E-NEW-1', priceMmk: 0 }, adminSchemaMessages.price.en],
      [{ ...base, sku: 'E-NEW-1', operator: 'MYTEL' }, adminMessages.operatorUnknown.en],
      [{ ...base, sku: 'E-NEW-1', name: { en: 'x', my: '' } }, adminSchemaMessages.productName.en],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
    expect((await create({ ...base, sku: 'E-NEW-1' }, support.headers)).statusCode).toBe(403);
    expect(await countProducts()).toBe(products0);
    expect((await audit('product.create')).meta.total).toBe(audits0);
  });

  it('writes a new product and its record together: a failed record leaves no product', async () => {
    const service = createProductAdminService({
      repo: createProductAdminRepo(t.database.db),
      clock,
      catalogueChanged: () => Promise.resolve(),
    });
    const before = await countProducts();
    await expect(
      service.createProduct(
        {
          ...newProduct,
          kind: 'epin',
          status: 'active',
          categoryId: giftCategory,
          sku: 'E-ROLLBACK',
          sortOrder: 0,
          discountPriceMmk: null,
          instructions: null,
        },
        () => Promise.reject(new Error('no record')),
      ),
    ).rejects.toThrow('no record');
    expect(await countProducts()).toBe(before);
  });
});
