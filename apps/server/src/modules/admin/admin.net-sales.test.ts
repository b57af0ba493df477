import type { AdminCustomer, Dashboard } from '@shop/contracts/admin';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedIn, openShopTest } from '../../test/checkout-kit.ts';
import { DECLINED_PHONE, paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { orders } from '../orders/orders.tables.ts';
import { orderRefunds } from '../refunds/refunds.tables.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 26 (Owner): the dashboard's sales and a customer's "spent" leave refunded money out. One
 * buyer pays for a gift card and a declined data pack (partly delivered; the pack's part refunded
 * by bank) and for a declined top-up alone (failed whole; its refund still owed). Only the gift
 * card was sold. PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

describe('sales and spent net of refunds', () => {
  let admin: SignedInStaff;
  let buyer: Awaited<ReturnType<typeof signedIn>>;
  let partlyId: string;
  let failedId: string;

  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  beforeAll(async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    admin = await signedInStaff(s.t, s.clock, 'admin');
    buyer = await signedIn(s);
    partlyId = (
      await paidOrder(
        s,
        [
          { sku: 'G-STEAM-10', quantity: 1 },
          { sku: 'D-MPT-1GB', quantity: 2, phoneNumber: DECLINED_PHONE },
        ],
        { user: buyer },
      )
    ).order.orderId;
    failedId = (
      await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE }], {
        user: buyer,
      })
    ).order.orderId;
    await s.t.app.runPendingJobs();
    // The data pack's part is paid back by bank; the failed top-up's refund is still owed.
    const paidBack = await call(
      s,
      'POST',
      `/api/v1/admin/orders/${partlyId}/refund`,
      admin.headers,
      { destination: 'bank', reference: 'KBZ-NET-1' },
    );
    expect(paidBack.statusCode).toBe(200);
  });

  const get = async <T>(url: string) => {
    const res = await call(s, 'GET', url, admin.headers);
    expect(res.statusCode).toBe(200);
    return res.json<{ data: T }>().data;
  };
  const row = async (orderId: string) => {
    const [order] = await s.t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const [refund] = await s.t.database.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, orderId));
    return { total: order?.totalMmk ?? 0, refund };
  };

  it('counts only the gift card that was delivered and kept', async () => {
    const partly = await row(partlyId);
    const failed = await row(failedId);
    expect(partly.refund).toMatchObject({ status: 'refunded', partial: true });
    expect(failed.refund).toMatchObject({ status: 'refund_pending', partial: false });
    expect(failed.refund?.amountMmk).toBe(failed.total);
    const kept = partly.total - (partly.refund?.amountMmk ?? 0);
    expect(kept).toBeGreaterThan(0);

    const board = await get<Dashboard>('/api/v1/admin/dashboard');
    for (const window of [board.sales.today, board.sales.days7, board.sales.days30]) {
      expect(window).toMatchObject({ orders: 1, kyat: kept });
      // No top-up or data line was delivered: MPT has no sales; the card (no operator) has.
      expect(window.byOperator).toEqual([{ operator: null, orders: 1, kyat: kept }]);
      expect(window.byCategory).toHaveLength(1);
      expect(window.byCategory[0]?.orders).toBe(1);
    }
  });

  it('gives the customer what was paid less what was refunded or is owed back', async () => {
    const partly = await row(partlyId);
    const customers = await get<AdminCustomer[]>(
      `/api/v1/admin/customers?q=${encodeURIComponent(buyer.person.email)}`,
    );
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({
      orderCount: 2,
      spentMmk: partly.total - (partly.refund?.amountMmk ?? 0),
    });
    const detail = await get<{ customer: AdminCustomer }>(
      `/api/v1/admin/customers/${customers[0]?.id ?? ''}`,
    );
    expect(detail.customer.spentMmk).toBe(customers[0]?.spentMmk);
  });
});
