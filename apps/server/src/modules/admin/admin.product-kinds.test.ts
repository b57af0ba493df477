import { adminMessages } from '@shop/contracts/admin-messages';
import { adminSchemaMessages as m } from '@shop/contracts/admin-schema-messages';
import type { AdminProduct } from '@shop/contracts/admin';
import type { Product } from '@shop/contracts/catalogue';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/auth-kit.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { MPT_PHONE, OOREDOO_PHONE, call, openShopTest } from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { topupSimulatorTransactions } from '../fulfilment/fulfilment.tables.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { auditLogAs, signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 17: the back-office creates products of every kind. A top-up carries its operator and
 * credits its price, a data package its operator, MB and days, a gift card its face value; each
 * shows in the customer's listing with those fields, and a created top-up and data package are
 * bought and sent to the aggregator like the seeded ones. Bad input of each kind: 400, nothing
 * written (PGlite here; PostgreSQL with TEST_DATABASE_URL).
 */

describe('back-office: creating a product of each kind', () => {
  let admin: SignedInStaff;
  const created: Record<string, AdminProduct> = {};

  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  beforeAll(async () => {
    admin = await signedInStaff(s.t, s.clock);
  });

  const create = (payload: object, headers: Record<string, string> = admin.headers) =>
    call(s, 'POST', '/api/v1/admin/products', headers, payload);
  const listing = async (slug: string) => {
    const res = await call(s, 'GET', `/api/v1/products/category/${slug}?limit=50`, {
      'accept-language': 'my',
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: Product[] }>().data;
  };
  const auditTotal = () => auditLogAs(s.t, admin, 'action=product.create&limit=100');
  const countProducts = async () => (await s.t.database.db.select().from(products)).length;

  const common = (sku: string) => ({
    sku,
    name: { en: `${sku} name`, my: `${sku} အမည်` },
    description: { en: `${sku} description`, my: `${sku} ဖော်ပြချက်` },
    status: 'active',
  });
  const topup = () => ({
    ...common('k-topup-2500'),
    categoryId: s.catalogue.topup.id,
    kind: 'topup',
    operator: 'MPT',
    priceMmk: 2500,
    discountPriceMmk: 2400,
  });
  const data = () => ({
    ...common('K-DATA-3GB'),
    categoryId: s.catalogue.data.id,
    kind: 'data',
    operator: 'OOREDOO',
    priceMmk: 3500,
    dataMb: 3072,
    validityDays: 14,
  });
  const epin = () => ({
    ...common('K-EPIN-1000'),
    categoryId: s.catalogue.gift.id,
    kind: 'epin',
    operator: 'ATOM',
    priceMmk: 1000,
  });
  const giftcard = () => ({
    ...common('K-GIFT-USD20'),
    categoryId: s.catalogue.gift.id,
    kind: 'giftcard',
    priceMmk: 93000,
    faceValue: { amount: 2000, currency: ' usd ' },
  });

  it('creates one of each kind with its fields; each in the customer’s listing, audited', async () => {
    await listing('mobile-topup'); // cached before the creates
    for (const [kind, payload] of [
      ['topup', topup()],
      ['data', data()],
      ['epin', epin()],
      ['giftcard', giftcard()],
    ] as const) {
      const res = await create(payload);
      expect(res.statusCode, res.body).toBe(201);
      const product = res.json<{ data: AdminProduct }>().data;
      expect(product.kind).toBe(kind);
      created[kind] = product;
    }
    expect(created.topup).toMatchObject({ sku: 'K-TOPUP-2500', operator: 'MPT' });
    expect(created.data).toMatchObject({ operator: 'OOREDOO', availableCards: null });
    expect(created.giftcard).toMatchObject({ operator: null, availableCards: 0 });

    const shown = async (slug: string, id: string | undefined) =>
      (await listing(slug)).find((p) => p.id === id);
    expect(await shown('mobile-topup', created.topup?.id)).toMatchObject({
      kind: 'topup',
      name: 'k-topup-2500 အမည်',
      price: 2500,
      discountPrice: 2400,
      // The credited amount is the price (as every seeded top-up), not the sale price.
      topupAmount: 2500,
      dataMb: null,
      faceValue: null,
      operator: { code: 'MPT' },
      outOfStock: false,
    });
    expect(await shown('data-package', created.data?.id)).toMatchObject({
      kind: 'data',
      dataMb: 3072,
      validityDays: 14,
      topupAmount: null,
      operator: { code: 'OOREDOO' },
      outOfStock: false,
    });
    expect(await shown('egift-cards', created.giftcard?.id)).toMatchObject({
      kind: 'giftcard',
      faceValue: { amount: 2000, currency: 'USD' },
      topupAmount: null,
      dataMb: null,
      operator: null,
    });
    expect(await shown('egift-cards', created.epin?.id)).toMatchObject({
      kind: 'epin',
      operator: { code: 'ATOM' },
      faceValue: null,
      topupAmount: null,
    });

    const audit = (await auditTotal()).data;
    expect(audit.find((e) => e.targetId === created.data?.id)).toMatchObject({
      actorEmail: admin.email,
      before: null,
      after: { kind: 'data', operator: 'OOREDOO', dataMb: 3072, validityDays: 14 },
    });
    expect(audit.find((e) => e.targetId === created.topup?.id)).toMatchObject({
      after: { kind: 'topup', operator: 'MPT', topupAmountMmk: 2500, priceMmk: 2500 },
    });
    expect(audit.find((e) => e.targetId === created.giftcard?.id)).toMatchObject({
      after: { kind: 'giftcard', faceValueMinor: 2000, faceCurrency: 'USD' },
    });

    // Game credits (the demo's PUBG UC) are gift cards sold by their unit: no face value.
    const uc = await create({ ...giftcard(), sku: 'K-GIFT-UC60', faceValue: undefined });
    expect(uc.statusCode, uc.body).toBe(201);
    const ucId = uc.json<{ data: AdminProduct }>().data.id;
    expect(await shown('egift-cards', ucId)).toMatchObject({ kind: 'giftcard', faceValue: null });
  });

  it('refuses bad input of each kind with a clear 400, writing nothing', async () => {
    const products0 = await countProducts();
    const audits0 = (await auditTotal()).meta.total;
    const without = (body: object, key: string) =>
      Object.fromEntries(Object.entries(body).filter(([k]) => k !== key));
    const cases: [object, string, string][] = [
      [{ ...epin(), sku: 'K-BAD-1', kind: 'voucher' }, 'kind', m.productKind.en],
      [{ ...topup(), sku: 'K-BAD-1', operator: null }, 'operator', m.operatorRequired.en],
      [{ ...without(topup(), 'operator'), sku: 'K-BAD-1' }, 'operator', m.operatorRequired.en],
      [{ ...topup(), sku: 'K-BAD-1', dataMb: 1024 }, 'dataMb', m.kindFieldsOnly.en],
      [{ ...data(), sku: 'K-BAD-1', operator: null }, 'operator', m.operatorRequired.en],
      [{ ...without(data(), 'dataMb'), sku: 'K-BAD-1' }, 'dataMb', m.dataMb.en],
      [{ ...data(), sku: 'K-BAD-1', dataMb: 0 }, 'dataMb', m.dataMb.en],
      [{ ...data(), sku: 'K-BAD-1', dataMb: 1.5 }, 'dataMb', m.dataMb.en],
      [{ ...without(data(), 'validityDays'), sku: 'K-BAD-1' }, 'validityDays', m.validityDays.en],
      [{ ...data(), sku: 'K-BAD-1', validityDays: 0 }, 'validityDays', m.validityDays.en],
      [{ ...data(), sku: 'K-BAD-1', validityDays: 366 }, 'validityDays', m.validityDays.en],
      [
        { ...data(), sku: 'K-BAD-1', faceValue: { amount: 1, currency: 'USD' } },
        'faceValue',
        m.kindFieldsOnly.en,
      ],
      [
        { ...giftcard(), sku: 'K-BAD-1', faceValue: { amount: 0, currency: 'USD' } },
        'faceValue.amount',
        m.faceValue.en,
      ],
      [
        { ...giftcard(), sku: 'K-BAD-1', faceValue: { amount: 1000, currency: 'US$' } },
        'faceValue.currency',
        m.faceCurrency.en,
      ],
      [{ ...epin(), sku: 'K-BAD-1', validityDays: 30 }, 'validityDays', m.kindFieldsOnly.en],
      [
        { ...topup(), sku: 'K-BAD-1', instructions: { en: 'Dial', my: 'နှိပ်ပါ' } },
        'instructions',
        m.instructionsCodesOnly.en,
      ],
      [
        { ...epin(), sku: 'K-BAD-1', instructions: { en: 'Dial *123*PIN#', my: '' } },
        'instructions.my',
        m.productInstructions.en,
      ],
      [
        { ...epin(), sku: 'K-BAD-1', instructions: { en: 'x'.repeat(1001), my: 'နှိပ်ပါ' } },
        'instructions.en',
        m.productInstructions.en,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(payload)).toBe(message);
      expect(res.json<{ fields?: Record<string, string> }>().fields?.[field]).toBe(message);
    }
    // In Burmese for a Burmese request.
    const my = await create(
      { ...data(), sku: 'K-BAD-1', validityDays: 400 },
      { ...admin.headers, 'accept-language': 'my' },
    );
    expect(my.statusCode).toBe(400);
    expect(errorOf(my).message).toBe(m.validityDays.my);
    // A known operator code this shop has no row for: refused by the server, nothing written.
    const mytel = await create({ ...data(), sku: 'K-BAD-1', operator: 'MYTEL' });
    expect(mytel.statusCode).toBe(400);
    expect(errorOf(mytel).message).toBe(adminMessages.operatorUnknown.en);

    expect(await countProducts()).toBe(products0);
    expect((await auditTotal()).meta.total).toBe(audits0);
  });

  it('a created top-up and data package are bought and sent to the aggregator with their amounts', async () => {
    const topupId = created.topup?.id ?? '';
    const dataId = created.data?.id ?? '';
    const { order } = await paidOrder(s, [
      { productId: topupId, quantity: 1, phoneNumber: MPT_PHONE },
      { productId: dataId, quantity: 1, phoneNumber: OOREDOO_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    const db = s.t.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: 'completed', paymentStatus: 'paid' });
    const items = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId))
      .orderBy(orderItems.position);
    expect(items.map((i) => [i.productId, i.status, i.operatorCode])).toEqual([
      [topupId, 'delivered', 'MPT'],
      [dataId, 'delivered', 'OOREDOO'],
    ]);
    // The top-up was paid at its sale price and credits its full amount.
    expect(items[0]).toMatchObject({ unitPriceMmk: 2400, topupAmountMmk: 2500 });
    expect(items[1]).toMatchObject({ dataMb: 3072 });
    const sent = (await db.select().from(topupSimulatorTransactions))
      .map((t) => t.request as { productCode: string; amountMmk: number; dataMb: number })
      .filter((r) => r.productCode === 'K-TOPUP-2500' || r.productCode === 'K-DATA-3GB')
      .sort((a, b) => a.productCode.localeCompare(b.productCode));
    expect(sent).toMatchObject([
      { productCode: 'K-DATA-3GB', kind: 'data', operator: 'OOREDOO', dataMb: 3072 },
      { productCode: 'K-TOPUP-2500', kind: 'topup', operator: 'MPT', amountMmk: 2500 },
    ]);
  });

  it('an E-PIN’s redeem instructions, set at its creation and edited, show with its delivered code', async () => {
    const howTo = { en: 'Dial *123*PIN# to load it', my: '*123*PIN# ကို နှိပ်၍ ဖြည့်ပါ' };
    const res = await create({ ...epin(), sku: 'K-EPIN-HOWTO', instructions: howTo });
    expect(res.statusCode, res.body).toBe(201);
    const product = res.json<{ data: AdminProduct }>().data;
    expect(product.instructions).toEqual(howTo);
    // A card for it, imported as the owner does.
    const imported = await call(s, 'POST', '/api/v1/admin/stock/import', admin.headers, {
      csv: `product,serial,pin,expiry\r\nK-EPIN-HOWTO,HOWTO-${Date.now()},1234567890123,2031-12-31`,
      commit: true,
    });
    expect(imported.statusCode, imported.body).toBe(200);

    // Edited (both languages are needed: one alone is refused, nothing changes).
    const edit = (payload: object, headers = admin.headers) =>
      call(s, 'PATCH', `/api/v1/admin/products/${product.id}`, headers, payload);
    const half = await edit(
      { instructions: { en: 'Dial *123*PIN#', my: ' ' } },
      { ...admin.headers, 'accept-language': 'my' },
    );
    expect(half.statusCode).toBe(400);
    expect(errorOf(half).message).toBe(m.productInstructions.my);
    const edited = { en: 'Dial *124*PIN# and press call', my: '*124*PIN# ကို နှိပ်၍ ခေါ်ပါ' };
    const changed = await edit({ instructions: edited });
    expect(changed.statusCode, changed.body).toBe(200);
    const audit = await auditLogAs(s.t, admin, 'action=product.update&limit=100');
    expect(audit.data.find((e) => e.targetId === product.id)).toMatchObject({
      before: { instructions: howTo },
      after: { instructions: edited },
    });

    const { user, order } = await paidOrder(s, [{ productId: product.id, quantity: 1 }]);
    await s.t.app.runPendingJobs();
    for (const lang of ['en', 'my'] as const) {
      const detail = await call(s, 'GET', `/api/v1/orders/${order.orderId}`, {
        ...user.headers,
        'accept-language': lang,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      const [line] = detail.json<{ data: { items: { status: string; instructions: string }[] } }>()
        .data.items;
      expect(line).toMatchObject({ status: 'delivered', instructions: edited[lang] });
    }

    // null removes them; a top-up has none to set.
    expect((await edit({ instructions: null })).statusCode).toBe(200);
    const [row] = await s.t.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.instructions).toBeNull();
    const onTopup = await call(
      s,
      'PATCH',
      `/api/v1/admin/products/${created.topup?.id ?? ''}`,
      admin.headers,
      { instructions: howTo },
    );
    expect(onTopup.statusCode).toBe(400);
    expect(errorOf(onTopup).message).toBe(m.instructionsCodesOnly.en);
  });

  it('keeps the operator a top-up or data package is sent to: an edit cannot clear it', async () => {
    const id = created.data?.id ?? '';
    const res = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/products/${id}`,
      headers: admin.headers,
      payload: { operator: null },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(m.operatorRequired.en);
    const [row] = await s.t.database.db.select().from(products).where(eq(products.id, id));
    expect(row?.operatorId).toBe(s.catalogue.operatorId('OOREDOO'));
  });
});
