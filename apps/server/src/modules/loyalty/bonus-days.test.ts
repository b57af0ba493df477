import type { AuditEntry } from '@shop/contracts/admin';
import type { AdminBonusDay } from '@shop/contracts/admin-bonus-days';
import { bonusDayMessages, bonusDaySchemaMessages as sm } from '@shop/contracts/bonus-day-messages';
import type { BonusDay } from '@shop/contracts/bonus-days';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';
import { errorOf } from '../../test/auth-kit.ts';
import { addToCart, initialize, openShopTest, signedIn } from '../../test/checkout-kit.ts';
import { DECLINED_PHONE, paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import { yangonDay, yangonDayStart } from '../../platform/clock.ts';
import { orders } from '../orders/orders.tables.ts';
import { createLoyaltyService } from './loyalty.service.ts';
import { loyaltyAccounts, loyaltyLedger } from './loyalty.tables.ts';

/*
 * Issue 31, bonus points on special occasions (ADR 0081): the owner's bonus-point days in the
 * back-office (list, add, edit, delete; validated in both languages; no overlaps; audited), the
 * public read of the windows on now or coming, and the points of an order paid in one multiplied —
 * by its payment's Yangon day, once, also for a part delivered later. PostgreSQL with
 * TEST_DATABASE_URL, PGlite otherwise; the shop's clock is moved, never slept.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

describe('bonus-point days', () => {
  // 1 point per full 1,000 Ks (the default): a Steam card of 45,000 Ks earns 45.
  const s = openShopTest({ TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
  let admin: SignedInStaff;
  let support: SignedInStaff;
  /** The Yangon day the tests start in, and the day n days after it. */
  let today: string;
  const day = (n: number) =>
    yangonDay(new Date(yangonDayStart(today).getTime() + n * DAY_MS + 12 * HOUR_MS));

  beforeAll(async () => {
    today = yangonDay(s.clock());
    admin = await signedInStaff(s.t, s.clock, 'admin');
    support = await signedInStaff(s.t, s.clock, 'support');
  });

  const url = '/api/v1/admin/bonus-days';
  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: unknown,
    headers: Record<string, string> = admin.headers,
  ) =>
    s.t.app.inject({
      method,
      url: path,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const list = async () => {
    const res = await send('GET', url, undefined, support.headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: AdminBonusDay[] }>().data;
  };
  const shopBonusDays = async () => {
    const res = await s.t.app.inject({ url: '/api/v1/loyalty/bonus-days' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    return res.json<{ data: BonusDay[] }>().data;
  };
  const window = (start: string, end: string, multiplier = 2, en = 'Thadingyut') => ({
    name: { en, my: 'သီတင်းကျွတ်' },
    start,
    end,
    multiplier,
  });
  const refused = async (
    method: 'POST' | 'PUT',
    path: string,
    payload: unknown,
    status: number,
    message: { en: string; my: string },
  ) => {
    const en = await send(method, path, payload);
    expect(en.statusCode, en.body).toBe(status);
    expect(JSON.stringify(errorOf(en))).toContain(message.en);
    const my = await send(method, path, payload, { ...admin.headers, 'accept-language': 'my' });
    expect(my.statusCode).toBe(status);
    expect(JSON.stringify(errorOf(my))).toContain(message.my);
  };

  it('the owner adds, edits and deletes windows; bad or overlapping ones are refused in both languages and change nothing', async () => {
    const added = await send('POST', url, window(day(2), day(4), 2));
    expect(added.statusCode, added.body).toBe(201);
    const first = added.json<{ message: string; data: AdminBonusDay }>();
    expect(first.message).toBe(bonusDayMessages.created.en);
    expect(first.data).toMatchObject(window(day(2), day(4), 2));

    // Refused: the last day before the first, multipliers out of 2–5, a name missing, a day that
    // does not exist; and a window sharing a day with the first (either end).
    await refused('POST', url, window(day(9), day(8)), 400, sm.date);
    await refused('POST', url, window(day(9), day(10), 1), 400, sm.multiplier);
    await refused('POST', url, window(day(9), day(10), 6), 400, sm.multiplier);
    await refused('POST', url, window(day(9), day(10), 2.5), 400, sm.multiplier);
    await refused(
      'POST',
      url,
      { ...window(day(9), day(10)), name: { en: 'Tazaungdaing', my: ' ' } },
      400,
      sm.name,
    );
    await refused('POST', url, window('2026-02-30', day(10)), 400, sm.date);
    const overlap = {
      en: bonusDayMessages.overlap.en
        .replace('{name}', 'Thadingyut')
        .replace('{start}', day(2))
        .replace('{end}', day(4)),
      my: bonusDayMessages.overlap.my
        .replace('{name}', 'သီတင်းကျွတ်')
        .replace('{start}', day(2))
        .replace('{end}', day(4)),
    };
    await refused('POST', url, window(day(4), day(6)), 409, overlap);
    await refused('POST', url, window(day(0), day(2)), 409, overlap);
    // Support reads but does not write.
    expect((await send('POST', url, window(day(9), day(10)), support.headers)).statusCode).toBe(
      403,
    );
    expect((await list()).map((w) => w.id)).toEqual([first.data.id]);

    // A second window (later), edited; moved onto the first it is refused.
    const second = (await send('POST', url, window(day(20), day(21), 3, 'Tazaungdaing'))).json<{
      data: AdminBonusDay;
    }>().data;
    const edited = await send('PUT', `${url}/${second.id}`, window(day(6), day(7), 3, 'Full moon'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ message: string }>().message).toBe(bonusDayMessages.updated.en);
    await refused('PUT', `${url}/${second.id}`, window(day(3), day(6), 3), 409, overlap);
    // Editing a window over its own days is no overlap.
    expect(
      (await send('PUT', `${url}/${first.data.id}`, window(day(2), day(4), 3))).statusCode,
    ).toBe(200);
    expect((await list()).map((w) => [w.name.en, w.start, w.end, w.multiplier])).toEqual([
      ['Thadingyut', day(2), day(4), 3],
      ['Full moon', day(6), day(7), 3],
    ]);

    // The shop answers windows on now or starting within 14 days: not one starting in 20.
    const far = (await send('POST', url, window(day(20), day(22), 2, 'Later'))).json<{
      data: AdminBonusDay;
    }>().data;
    expect((await shopBonusDays()).map((w) => w.name.en)).toEqual(['Thadingyut', 'Full moon']);

    // Deleted, then gone; deleting it again (or an id that is none) is a 404.
    const deleted = await send('DELETE', `${url}/${far.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await send('DELETE', `${url}/${far.id}`)).statusCode).toBe(404);
    expect((await send('DELETE', `${url}/not-a-uuid`)).statusCode).toBe(400);
    await refused(
      'PUT',
      `${url}/${far.id}`,
      window(day(30), day(31)),
      404,
      bonusDayMessages.notFound,
    );
    expect((await list()).map((w) => w.name.en)).toEqual(['Thadingyut', 'Full moon']);

    // Every write is in the audit log, with before and after.
    const audit = await send('GET', '/api/v1/admin/audit-log?limit=50', undefined);
    const entries = audit
      .json<{ data: AuditEntry[] }>()
      .data.filter((e) => e.action.startsWith('bonus_days.'));
    expect(entries.map((e) => e.action).sort()).toEqual([
      'bonus_days.create',
      'bonus_days.create',
      'bonus_days.create',
      'bonus_days.delete',
      'bonus_days.update',
      'bonus_days.update',
    ]);
    expect(entries.find((e) => e.action === 'bonus_days.delete')).toMatchObject({
      targetId: far.id,
      before: window(day(20), day(22), 2, 'Later'),
      after: null,
    });
  });

  /** Moves the shop's clock to `hours` after midnight (Yangon) of day n. */
  const at = (n: number, hours: number) => {
    const target = yangonDayStart(day(n)).getTime() + hours * HOUR_MS;
    s.clock.advance(target - s.clock().getTime());
  };
  const earnEntries = (orderId: string) =>
    s.t.database.db
      .select({ points: loyaltyLedger.points, multiplier: loyaltyLedger.multiplier })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.orderId, orderId));
  /** A Steam card (45,000 Ks: 45 points) bought and paid now by a new customer. */
  const steamOrder = async () => {
    await stockCards(s, 'G-STEAM-10', 1);
    return (await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }])).order.orderId;
  };

  it('an order paid in a window earns its points multiplied, by its payment’s Yangon day', async () => {
    // Thadingyut, days 2–4, 3×.
    at(1, 23 + 50 / 60); // 23:50 on the day before: not yet
    const before = await steamOrder();
    at(2, 0); // midnight, the first day
    const firstDay = await steamOrder();
    at(4, 23.5); // 23:30 on the last day
    const lastDay = await steamOrder();
    // Fulfilled after midnight: the payment's day decides, not the crediting's.
    at(5, 1 / 6); // 00:10 the day after
    const after = await steamOrder();
    await s.t.app.runPendingJobs();

    expect(await earnEntries(before)).toEqual([{ points: 45, multiplier: 1 }]);
    expect(await earnEntries(firstDay)).toEqual([{ points: 135, multiplier: 3 }]);
    expect(await earnEntries(lastDay)).toEqual([{ points: 135, multiplier: 3 }]);
    expect(await earnEntries(after)).toEqual([{ points: 45, multiplier: 1 }]);
    // The tier counts them as earned.
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, lastDay));
    const [account] = await s.t.database.db
      .select()
      .from(loyaltyAccounts)
      .where(eq(loyaltyAccounts.userId, row?.userId ?? ''));
    expect(account).toMatchObject({ balance: 135, lifetimeEarned: 135 });
  });

  /** Staff sessions end after 15 idle minutes: after the clock moved, they sign in again. */
  const staffAgain = async () => {
    admin = await signedInStaff(s.t, s.clock, 'admin');
    support = await signedInStaff(s.t, s.clock, 'support');
  };

  it('credits once; a part delivered later earns at the first entry’s multiplier, whatever the windows are then', async () => {
    await staffAgain();
    const loyalty = createLoyaltyService({
      db: s.t.database.db,
      config: s.t.config.loyalty,
      clock: s.clock,
    });
    // An order of a customer (any will do: the ledger names it), paid on Thadingyut's first day.
    const user = await signedIn(s);
    await addToCart(s, user.headers, {
      productId: s.catalogue.productId('T-MPT-1000'),
      quantity: 1,
      phoneNumber: '09250000001',
    });
    const { orderId } = await initialize(s, user.headers);
    const paidAt = new Date(yangonDayStart(day(2)).getTime() + HOUR_MS);
    const credit = (paidMmk: number) =>
      s.t.database.db.transaction((tx) =>
        loyalty.creditOrder(tx, { userId: user.userId, orderId, paidMmk, paidAt }),
      );
    expect(await credit(20_000)).toBe(60);
    expect(await credit(20_000)).toBe(0); // again: nothing
    // The owner deletes the window; the rest of the order is delivered later.
    const thadingyut = (await list()).find((w) => w.name.en === 'Thadingyut');
    expect((await send('DELETE', `${url}/${thadingyut?.id ?? ''}`)).statusCode).toBe(200);
    expect(await credit(45_000)).toBe(75);
    expect(await earnEntries(orderId)).toEqual([
      { points: 60, multiplier: 3 },
      { points: 75, multiplier: 3 },
    ]);
  });

  it('a partly delivered order in a window: the delivered part earns multiplied, the refund is of the rest', async () => {
    await staffAgain();
    const added = await send('POST', url, window(day(30), day(30), 2, 'New moon'));
    expect(added.statusCode, added.body).toBe(201);
    at(30, 12);
    await stockCards(s, 'G-STEAM-10', 1);
    const { order } = await paidOrder(s, [
      { sku: 'G-STEAM-10', quantity: 1 },
      { sku: 'T-MPT-1000', quantity: 1, phoneNumber: DECLINED_PHONE },
    ]);
    await s.t.app.runPendingJobs();
    const [row] = await s.t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.status).toBe('failed');
    // 45,000 Ks delivered: 45 points, doubled; the declined 1,000 Ks is refunded and earned none.
    expect(await earnEntries(order.orderId)).toEqual([{ points: 90, multiplier: 2 }]);
    // Support sees why on the order's timeline.
    await staffAgain();
    const detail = await send(
      'GET',
      `/api/v1/admin/orders/${order.orderId}`,
      undefined,
      support.headers,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json<{ data: { timeline: { kind: string; text: string }[] } }>()
        .data.timeline.filter((e) => e.kind === 'points')
        .map((e) => e.text),
    ).toEqual(['90 points earned at 2× on bonus days (balance 90)']);
  });
});
