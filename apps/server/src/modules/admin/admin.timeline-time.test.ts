import type { AdminOrderDetail } from '@shop/contracts/admin-orders';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, openShopTest } from '../../test/checkout-kit.ts';
import { paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';

/*
 * Issue 26 (Owner): the order timeline leaves the writing of its moments to the back-office (in
 * Yangon time, as the entries' own times): a moment inside a text is the token {time} and the
 * entry's `time`, never an ISO date in UTC. PGlite here; PostgreSQL with TEST_DATABASE_URL.
 */

describe('moments inside the order timeline', () => {
  let support: SignedInStaff;

  const s = openShopTest();
  beforeAll(async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    support = await signedInStaff(s.t, s.clock, 'support');
  });

  it('gives a share link’s end as {time} with its moment, and no ISO date in any text', async () => {
    const { user, order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }]);
    await s.t.app.runPendingJobs();
    const shared = await call(s, 'POST', `/api/v1/orders/${order.orderId}/share`, user.headers, {
      type: 'gift',
      note: '',
    });
    expect(shared.statusCode, shared.body).toBe(201);
    const { expiresAt } = shared.json<{ data: { expiresAt: string } }>().data;

    const res = await call(s, 'GET', `/api/v1/admin/orders/${order.orderId}`, support.headers);
    expect(res.statusCode).toBe(200);
    const { timeline } = res.json<{ data: AdminOrderDetail }>().data;
    const share = timeline.filter((e) => e.kind === 'share');
    expect(share).toEqual([
      {
        at: expect.any(String) as string,
        kind: 'share',
        text: 'Share link created (gift), valid until {time}',
        time: new Date(expiresAt).toISOString(),
      },
    ]);
    for (const entry of timeline) expect(entry.text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});
