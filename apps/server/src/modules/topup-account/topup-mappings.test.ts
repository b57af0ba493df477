import type { TopupMapping } from '@shop/contracts/topup-provider-admin';
import { describe, expect, it } from 'vitest';
import { openReloadlyBackOffice } from '../../test/admin-kit.ts';
import { addToCart, call, MPT_PHONE, signedIn, tryAddToCart } from '../../test/checkout-kit.ts';
import { defaultReloadlyCatalogue } from '../../test/standins/reloadly-catalogue.ts';

const MAPPINGS_URL = '/api/v1/admin/topup-provider/mappings';
const REFRESH_URL = '/api/v1/admin/topup-provider/catalogue?refresh=true';

/*
 * The owner maps shop products to the aggregator's catalogue (issue 28): the margin at the quoted
 * FX, and a product whose amount the aggregator no longer offers is not sold. TOPUP_PROVIDER=
 * reloadly against the stand-in, on PGlite or PostgreSQL (TEST_DATABASE_URL).
 */
describe('products mapped to the aggregator (Reloadly stand-in)', () => {
  const { s, rld, owner, support } = openReloadlyBackOffice();

  const id = (sku: string) => s.catalogue.productId(sku);
  const map = (sku: string, body: unknown, headers = owner.headers) =>
    s.t.app.inject({
      method: 'PUT',
      url: `${MAPPINGS_URL}/${id(sku)}`,
      headers,
      payload: body as object,
    });
  const mappings = async () =>
    (await s.t.app.inject({ method: 'GET', url: MAPPINGS_URL, headers: owner.headers })).json<{
      data: TopupMapping[];
    }>().data;
  const refreshCatalogue = async () => {
    const res = await s.t.app.inject({ method: 'GET', url: REFRESH_URL, headers: owner.headers });
    expect(res.statusCode).toBe(200);
  };
  const productOf = async (sku: string) =>
    (await call(s, 'GET', `/api/v1/products/${id(sku)}`, { 'accept-language': 'en' })).json<{
      data: { status: string; outOfStock: boolean };
    }>().data;
  const withoutMptAirtime = () => {
    rld().catalogue = defaultReloadlyCatalogue().filter((o) => o.name !== 'MPT Myanmar');
  };

  it('maps a top-up to an operator amount and shows its cost, FX and margin', async () => {
    const res = await map('T-MPT-10000', { operatorId: 1001, localAmount: 10_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: TopupMapping }>().data).toMatchObject({
      sku: 'T-MPT-10000',
      priceMmk: 10_000,
      operatorName: 'MPT Myanmar',
      localAmount: 10_000,
      cost: 4.76,
      costCurrency: 'USD',
      fxRate: 2100,
      costMmk: 9996,
      marginMmk: 4,
      offered: true,
    });
    const data = await map('D-MPT-1GB', { operatorId: 1101, localAmount: 4000 });
    expect(data.json<{ data: TopupMapping }>().data).toMatchObject({
      cost: 1.9,
      costMmk: 3990,
      marginMmk: 1500 - 3990,
    });
  });

  it('refuses what cannot be mapped, and support staff, changing nothing', async () => {
    const before = await mappings();
    expect((await map('G-STEAM-10', { operatorId: 1001, localAmount: 1000 })).statusCode).toBe(400);
    expect((await map('T-MPT-1000', { operatorId: 1001, localAmount: 60_000 })).statusCode).toBe(
      409,
    );
    expect((await map('T-MPT-1000', { operatorId: 9999, localAmount: 1000 })).statusCode).toBe(409);
    expect((await map('T-MPT-1000', { operatorId: 1004, localAmount: 2000 })).statusCode).toBe(409);
    expect((await map('T-MPT-1000', { operatorId: 1001, localAmount: -5 })).statusCode).toBe(400);
    // Offered, but not the kyat this top-up credits: it would be sent for the wrong amount.
    for (const [language, message] of [
      ['en', 'This top-up credits 1000 kyat: map it to that amount'],
      ['my', 'ဤငွေဖြည့်သည် ၁၀၀၀ ကျပ် ဖြည့်ပေးပါသည်။ ထိုပမာဏနှင့်သာ ချိတ်ဆက်ပါ'],
    ] as const) {
      const otherAmount = await map(
        'T-MPT-1000',
        { operatorId: 1001, localAmount: 5000 },
        { ...owner.headers, 'accept-language': language },
      );
      expect(otherAmount.statusCode).toBe(400);
      expect(otherAmount.json<{ message: string }>().message).toBe(message);
    }
    expect((await map('T-MPT-1000', { operatorId: 1001 })).statusCode).toBe(400);
    expect(
      (await map('T-MPT-1000', { operatorId: 1001, localAmount: 1000 }, support.headers))
        .statusCode,
    ).toBe(403);
    const unknown = await s.t.app.inject({
      method: 'PUT',
      url: `${MAPPINGS_URL}/00000000-0000-4000-8000-000000000000`,
      headers: owner.headers,
      payload: { operatorId: 1001, localAmount: 1000 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await mappings()).toEqual(before);
    const asSupport = await s.t.app.inject({
      method: 'GET',
      url: MAPPINGS_URL,
      headers: support.headers,
    });
    expect(asSupport.statusCode).toBe(403);
  });

  it('a product whose amount is no longer offered is not sold; it is again once offered', async () => {
    expect((await map('T-MPT-1000', { operatorId: 1001, localAmount: 1000 })).statusCode).toBe(200);
    const buyer = await signedIn(s);
    await addToCart(s, buyer.headers, {
      productId: id('T-MPT-1000'),
      quantity: 1,
      phoneNumber: MPT_PHONE,
    });

    withoutMptAirtime();
    await refreshCatalogue();
    expect((await mappings()).find((m) => m.sku === 'T-MPT-1000')?.offered).toBe(false);
    expect(await productOf('T-MPT-1000')).toMatchObject({ outOfStock: true });
    const add = await tryAddToCart(s, buyer.headers, {
      productId: id('T-MPT-1000'),
      quantity: 1,
      phoneNumber: '09250000002',
    });
    expect(add.statusCode).toBe(409);
    const checkout = await call(s, 'POST', '/api/v1/checkout/initialize', buyer.headers);
    expect(checkout.statusCode).toBe(409);
    // A product mapped to nothing is sold as before (the number's operator is detected at sending).
    expect(await productOf('T-OOR-5000')).toMatchObject({ outOfStock: false });

    rld().catalogue = defaultReloadlyCatalogue();
    await refreshCatalogue();
    expect(await productOf('T-MPT-1000')).toMatchObject({ outOfStock: false, status: 'active' });
  });

  it('removing the mapping of a product no longer offered sells it again', async () => {
    withoutMptAirtime();
    await refreshCatalogue();
    expect(await productOf('T-MPT-10000')).toMatchObject({ outOfStock: true });
    const res = await s.t.app.inject({
      method: 'DELETE',
      url: `${MAPPINGS_URL}/${id('T-MPT-10000')}`,
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(await productOf('T-MPT-10000')).toMatchObject({ outOfStock: false });
    rld().catalogue = defaultReloadlyCatalogue();
  });
});
