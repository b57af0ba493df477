import type { TopupReconciliationDay } from '@shop/contracts/topup-provider-admin';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yangonDay } from '../../platform/clock.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';
import { createShopTest, MPT_PHONE, type ShopTest } from '../../test/checkout-kit.ts';
import { paidOrder } from '../../test/fulfilment-kit.ts';
import { orderItems } from '../orders/orders.tables.ts';
import { startReloadlyStandin, type ReloadlyStandin } from '../../test/standins/reloadly.ts';
import { yangonDayWindow } from '../../platform/clock.ts';
import { createTopupReconciliation } from './topup-reconciliation.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const RECONCILIATION_URL = '/api/v1/admin/topup-provider/reconciliation';

/*
 * The daily reconciliation (issue 28): the shop's delivered top-ups against the aggregator's
 * transaction report for one Yangon day, TOPUP_PROVIDER=reloadly against the stand-in, on PGlite
 * or PostgreSQL (TEST_DATABASE_URL).
 */
describe("reconciliation with the aggregator's report (Reloadly stand-in)", () => {
  let s: ShopTest;
  let rld: ReloadlyStandin;
  let owner: SignedInStaff;
  let support: SignedInStaff;
  let day: string;
  const lines: Record<'matched' | 'changed' | 'missing', string> = {
    matched: '',
    changed: '',
    missing: '',
  };

  /** A delivered top-up line for `phone`: its order item's id. */
  const delivered = async (phone: string) => {
    const { order } = await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: phone }]);
    await s.t.app.runPendingJobs();
    const [line] = await s.t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.orderId));
    expect(line?.status).toBe('delivered');
    return line?.id ?? '';
  };
  const theirsOf = (itemId: string) => rld.transactions.find((t) => t.customIdentifier === itemId);

  beforeAll(async () => {
    rld = await startReloadlyStandin();
    s = await createShopTest(rld.env);
    day = yangonDay(new Date());
    lines.matched = await delivered(MPT_PHONE);
    lines.changed = await delivered('09250000003');
    lines.missing = await delivered('09250000004');
    // Their side differs: one amount, one transaction never recorded, one made for nobody here.
    const changed = theirsOf(lines.changed);
    if (changed) changed.amount = 500;
    const missing = theirsOf(lines.missing);
    if (missing) rld.transactions.splice(rld.transactions.indexOf(missing), 1);
    rld.transactions.push({
      transactionId: 99_001,
      customIdentifier: 'made-by-hand-in-the-dashboard',
      operatorId: 1001,
      operatorName: 'MPT Myanmar',
      amount: 3000,
      useLocalAmount: true,
      number: '959250000099',
      status: 'SUCCESSFUL',
      polls: 0,
      at: new Date(),
    });
    // The day is over on the shop's clock (staff sign in after: a session lasts a working day).
    s.clock.advance(DAY_MS);
    owner = await signedInStaff(s.t, s.clock, 'admin');
    support = await signedInStaff(s.t, s.clock, 'support');
  });
  afterAll(async () => {
    await s.t.close();
    await rld.close();
  });

  const post = (url: string, headers = owner.headers) =>
    s.t.app.inject({ method: 'POST', url, headers });
  const get = (url: string, headers = owner.headers) =>
    s.t.app.inject({ method: 'GET', url, headers });

  it('lists theirs without ours, ours without theirs and a different amount, with both records', async () => {
    const res = await post(`${RECONCILIATION_URL}/${day}/run`);
    expect(res.statusCode).toBe(200);
    const [run] = res.json<{ data: TopupReconciliationDay[] }>().data;
    expect(run).toMatchObject({ day, status: 'done', ours: 3 });
    const kinds = run?.mismatches.map((m) => [m.kind, m.orderItemId]).sort();
    expect(kinds).toEqual(
      [
        ['amount_differs', lines.changed],
        ['ours_without_theirs', lines.missing],
        ['theirs_without_ours', null],
      ].sort(),
    );
    const differs = run?.mismatches.find((m) => m.kind === 'amount_differs');
    expect(differs?.ours).toMatchObject({ orderItemId: lines.changed, expectedMmk: 1000 });
    expect(differs?.theirs?.[0]).toMatchObject({
      customIdentifier: lines.changed,
      deliveredAmount: 500,
    });
    const theirs = run?.mismatches.find((m) => m.kind === 'theirs_without_ours');
    expect(theirs?.theirs?.[0]).toMatchObject({ transactionId: 99_001, requestedAmount: 3000 });
    const listed = await get(`${RECONCILIATION_URL}?day=${day}`);
    expect(listed.json<{ data: TopupReconciliationDay[] }>().data[0]?.mismatches).toHaveLength(3);
  });

  it('a run again replaces the day: a mismatch put right is no longer listed', async () => {
    const changed = theirsOf(lines.changed);
    if (changed) changed.amount = 1000;
    const res = await post(`${RECONCILIATION_URL}/${day}/run`);
    const kinds = res
      .json<{ data: TopupReconciliationDay[] }>()
      .data[0]?.mismatches.map((m) => m.kind);
    expect(kinds?.sort()).toEqual(['ours_without_theirs', 'theirs_without_ours']);
  });

  it('refuses support (403), a malformed day (400) and a day not over (400), storing nothing', async () => {
    expect((await post(`${RECONCILIATION_URL}/${day}/run`, support.headers)).statusCode).toBe(403);
    expect((await get(RECONCILIATION_URL, support.headers)).statusCode).toBe(403);
    expect((await post(`${RECONCILIATION_URL}/2026-13-01/run`)).statusCode).toBe(400);
    expect((await get(`${RECONCILIATION_URL}?day=yesterday`)).statusCode).toBe(400);
    const tomorrow = yangonDay(new Date(s.clock().getTime() + DAY_MS));
    expect((await post(`${RECONCILIATION_URL}/${tomorrow}/run`)).statusCode).toBe(400);
    const days = (await get(RECONCILIATION_URL)).json<{ data: TopupReconciliationDay[] }>().data;
    expect(days.map((d) => d.day)).toEqual([day]);
  });

  it('the daily run on several instances reads the report once and keeps a finished day', async () => {
    let reads = 0;
    const instances = [1, 2, 3].map(() =>
      createTopupReconciliation({
        db: s.t.database.db,
        provider: 'reloadly',
        clock: s.clock,
        log: s.t.app.log,
        report: () => {
          reads += 1;
          return Promise.resolve([]);
        },
      }),
    );
    const earlier = yangonDay(new Date(Date.now() - 2 * DAY_MS));
    const ran = await Promise.all(instances.map((r) => r.run(earlier)));
    expect(ran.filter((r) => r !== null)).toHaveLength(1);
    expect(reads).toBe(1);
    expect(await instances[0]?.run(earlier)).toBeNull();
    expect(reads).toBe(1);
  });

  it('a Yangon day runs from 00:00 at UTC+06:30', () => {
    expect(yangonDayWindow('2026-12-02')).toEqual({
      start: new Date('2026-12-01T17:30:00Z'),
      end: new Date('2026-12-02T17:30:00Z'),
    });
  });
});
