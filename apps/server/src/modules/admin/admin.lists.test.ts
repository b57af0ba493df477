import type { AdminCustomer, AdminOrder, AdminProduct, Dashboard } from '@shop/contracts/admin';
import { adminSchemaMessages } from '@shop/contracts/admin-schema-messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '../../test/auth-kit.ts';
import { openShopTest, MPT_PHONE, OOREDOO_PHONE, stockCards } from '../../test/checkout-kit.ts';
import { availableCards, paidOrder } from '../../test/fulfilment-kit.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/* The back-office lists and dashboard (issue 17), from real orders paid in the sandbox bank. */

describe('back-office lists and dashboard', () => {
  let support: SignedInStaff;
  let topupOrder: Awaited<ReturnType<typeof paidOrder>>;
  let cardOrder: Awaited<ReturnType<typeof paidOrder>>;

  const s = openShopTest();
  beforeAll(async () => {
    await stockCards(s, 'G-STEAM-10', 3);
    topupOrder = await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 2, phoneNumber: MPT_PHONE }]);
    cardOrder = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], {
      email: 'gift.buyer@example.com',
    });
    support = await signedInStaff(s.t, s.clock, 'support');
  });

  const get = async (url: string, lang = 'en') => {
    const res = await s.t.app.inject({
      url,
      headers: { ...support.headers, 'accept-language': lang },
    });
    return res;
  };
  const available = async (sku: string) => (await availableCards(s, sku)).length;
  const orders = async (query: string) => {
    const res = await get(`/api/v1/admin/orders${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: AdminOrder[]; meta: { total: number; totalPages: number } }>();
  };

  it('finds orders by recipient number, in any form it is typed', async () => {
    for (const typed of [MPT_PHONE, `+95${MPT_PHONE.slice(1)}`, '9 250 000 001', '250000001']) {
      const { data } = await orders(`?recipient=${encodeURIComponent(typed)}`);
      expect(data.map((o) => o.orderNumber)).toEqual([topupOrder.order.orderNumber]);
      expect(data[0]?.recipients).toEqual([`95${MPT_PHONE.slice(1)}`]);
      expect(data[0]?.itemCount).toBe(2);
    }
    expect((await orders(`?recipient=${OOREDOO_PHONE}`)).data).toHaveLength(0);
  });

  it('finds orders by number, e-mail, buyer phone, status and date, and pages them', async () => {
    const number = cardOrder.order.orderNumber;
    expect((await orders(`?orderNumber=${number.slice(-6)}`)).data.map((o) => o.id)).toEqual([
      cardOrder.order.orderId,
    ]);
    expect((await orders('?email=gift.buyer@')).data.map((o) => o.id)).toEqual([
      cardOrder.order.orderId,
    ]);
    // The buyer's account e-mail finds it too.
    expect(
      (await orders(`?email=${encodeURIComponent(topupOrder.user.person.email)}`)).data,
    ).toHaveLength(1);
    expect((await orders(`?phone=${topupOrder.user.person.phone}`)).data.map((o) => o.id)).toEqual([
      topupOrder.order.orderId,
    ]);
    const all = await orders('?status=all');
    expect(all.meta.total).toBe(2);
    const page = await orders('?limit=1&page=2');
    expect(page.data).toHaveLength(1);
    expect(page.meta.totalPages).toBe(2);
    expect((await orders('?status=cancelled')).data).toHaveLength(0);
    const today = s.clock().toISOString().slice(0, 10);
    expect((await orders(`?from=2000-01-01&to=2000-01-02`)).data).toHaveLength(0);
    expect((await orders(`?from=${today}`)).meta.total).toBeGreaterThanOrEqual(1);
  });

  it('answers bad filters with a 400 in the caller’s language', async () => {
    const status = await get('/api/v1/admin/orders?status=lost', 'my');
    expect(status.statusCode).toBe(400);
    expect(errorOf(status).message).toBe(adminSchemaMessages.orderStatus.my);
    const limit = await get('/api/v1/admin/orders?limit=1000');
    expect(limit.statusCode).toBe(400);
    expect(errorOf(limit).message).toBe(adminSchemaMessages.limit.en);
    const date = await get('/api/v1/admin/orders?from=yesterday');
    expect(date.statusCode).toBe(400);
    expect(errorOf(date).message).toBe(adminSchemaMessages.date.en);
  });

  it('lists products with their stock, and customers with their orders', async () => {
    const res = await get('/api/v1/admin/products?q=steam');
    expect(res.statusCode).toBe(200);
    const products = res.json<{ data: AdminProduct[] }>().data;
    expect(products.map((p) => p.sku)).toEqual(['G-STEAM-10']);
    expect(products[0]?.availableCards).toBe(await available('G-STEAM-10'));
    const topups = (await get('/api/v1/admin/products?q=T-MPT')).json<{ data: AdminProduct[] }>();
    expect(topups.data.every((p) => p.availableCards === null)).toBe(true);

    const buyer = topupOrder.user.person;
    for (const q of [buyer.email, buyer.phone, buyer.name]) {
      const found = await get(`/api/v1/admin/customers?q=${encodeURIComponent(q)}`);
      expect(found.statusCode).toBe(200);
      const data = found.json<{ data: AdminCustomer[] }>().data;
      expect(data).toHaveLength(1);
      expect(data[0]).toMatchObject({ email: buyer.email, role: 'user', orderCount: 1 });
      expect(data[0]?.spentMmk).toBeGreaterThan(0);
    }
  });

  it('sums today’s sales by category and operator, and shows stock and queues', async () => {
    const res = await get('/api/v1/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const board = res.json<{ data: Dashboard }>().data;
    const paid = (await orders('')).data;
    const kyat = paid.reduce((sum, o) => sum + o.totalMmk, 0);
    for (const window of [board.sales.today, board.sales.days7, board.sales.days30]) {
      expect(window.orders).toBe(2);
      expect(window.kyat).toBe(kyat);
    }
    expect(board.sales.today.byOperator.find((o) => o.operator === 'MPT')?.orders).toBe(1);
    expect(board.sales.today.byCategory.reduce((n, c) => n + c.orders, 0)).toBe(2);
    expect(Object.values(board.ordersByStatus).reduce((a, b) => a + b, 0)).toBe(2);
    // A few cards are left: low stock; none expire within 30 days.
    expect(board.lowStock.find((p) => p.sku === 'G-STEAM-10')?.available).toBe(
      await available('G-STEAM-10'),
    );
    expect(board.expiringCards).toEqual([]);
    expect(board.failedJobs).toBe(0);
    expect(board.refundsPending).toEqual({ count: 0, kyat: 0 });
    expect(board.unconfirmedTopups).toBe(0);
  });
});
