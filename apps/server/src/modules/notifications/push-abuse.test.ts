import type { ErrorBody } from '@shop/contracts/errors';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createShopTest,
  orderAwaitingQrPayment,
  signedIn,
  type ShopTest,
} from '../../test/checkout-kit.ts';
import { orderRowsOf, paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import {
  pushDevice,
  startPushService,
  openPushingShop,
  startTarpit,
  subscribePush as subscribe,
  until,
} from '../../test/push-kit.ts';
import { pushSubscriptions } from './notifications.tables.ts';
import { enqueuePush } from './push-jobs.ts';

/**
 * Web Push must not be a weapon (issue 25): a push service that never answers cannot take the
 * slots fulfilment needs, an account keeps at most 10 devices, endpoints are the push services'
 * own hosts and never an internal address, and nobody takes over another account's device.
 */

/** A browser's subscription body (English). */
const device = (endpoint: string) => pushDevice(endpoint).body('en');

describe('a push service that never answers (issue 25)', () => {
  const s = openPushingShop(startTarpit);
  const { orderStatus } = orderRowsOf(() => s);

  /** A new customer's E-PIN order: seconds from checkout to completed (the worker runs). */
  async function secondsToComplete(): Promise<number> {
    await stockCards(s, 'G-STEAM-10', 1);
    const user = await signedIn(s);
    const started = performance.now();
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], { user });
    const completed = await until(
      async () => (await orderStatus(order.orderId)) === 'completed',
      70_000,
    );
    return completed ? (performance.now() - started) / 1000 : Number.POSITIVE_INFINITY;
  }

  it('keeps a paid order’s fulfilment under 2 s while 8 accounts × 6 devices point at a tarpit', async () => {
    await s.t.app.startJobWorker();
    const normal = await secondsToComplete();

    const attackers = [];
    for (let a = 0; a < 8; a++) {
      // Orders never paid: their expired payments are pushed (payment_expired).
      const { user, order } = await orderAwaitingQrPayment(s);
      for (let d = 0; d < 6; d++) {
        const res = await subscribe(s, user.headers, device(`${s.pushService.url}/a${a}/d${d}`));
        expect(res.statusCode).toBe(201);
      }
      attackers.push({ user, order });
    }
    s.clock.advance(301_000);
    for (const { user, order } of attackers)
      await call(s, 'GET', `/api/v1/orders/${order.orderId}/payment-status`, user.headers);
    // And one more event each, as a completed order of theirs would queue.
    for (const { order } of attackers)
      await enqueuePush(s.t.database.db, order.orderId, 'order_completed');
    expect(await until(() => s.pushService.open() >= 2, 5000)).toBe(true);

    const attacked = await secondsToComplete();
    console.info(
      `victim order completed after ${normal.toFixed(2)} s normally, ` +
        `${attacked.toFixed(2)} s under the tarpit (Infinity: not within 70 s); ` +
        `tarpit connections so far ${String(s.pushService.connections())}`,
    );
    expect(attacked).toBeLessThan(2);
  }, 120_000);
});

describe('push subscriptions and endpoints (issue 25)', () => {
  let s: ShopTest;

  beforeAll(async () => {
    // The shop's own settings: https, the known push services only.
    s = await createShopTest();
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('keeps an account’s 10 newest devices: the 11th drops the oldest', async () => {
    const user = await signedIn(s);
    const endpoints = Array.from(
      { length: 11 },
      (_, i) => `https://fcm.googleapis.com/fcm/send/device-${String(i)}-${user.userId}`,
    );
    for (const endpoint of endpoints)
      expect((await subscribe(s, user.headers, device(endpoint))).statusCode).toBe(201);
    const kept = await s.t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId))
      .orderBy(asc(pushSubscriptions.createdAt));
    expect(kept.map((r) => r.endpoint)).toEqual(endpoints.slice(1));
  });

  it('keeps 10 when 16 devices subscribe at once', async () => {
    const user = await signedIn(s);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        subscribe(
          s,
          user.headers,
          device(`https://updates.push.services.mozilla.com/wpush/v2/${user.userId}-${String(i)}`),
        ),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 16 }, () => 201));
    const kept = await s.t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.userId));
    expect(kept).toHaveLength(10);
  });

  it('takes the known push services’ hosts only, never an internal address', async () => {
    const user = await signedIn(s);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribe(s, user.headers, device(endpoint))).statusCode, endpoint).toBe(201);
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.7/push',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://push.attacker.example/x',
      'https://fcm.googleapis.com.attacker.example/x',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
    ]) {
      const res = await subscribe(s, user.headers, device(endpoint));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('This push subscription is not valid');
    }
  });

  it('does not move another account’s device to whoever posts its endpoint', async () => {
    const owner = await signedIn(s);
    const stranger = await signedIn(s);
    const phone = device(`https://fcm.googleapis.com/fcm/send/phone-${owner.userId}`);
    expect((await subscribe(s, owner.headers, phone)).statusCode).toBe(201);

    const forged = { ...device(phone.endpoint), endpoint: phone.endpoint };
    const taken = await subscribe(s, stranger.headers, forged);
    expect(taken.statusCode).toBe(400);
    const ownerOf = async () =>
      (
        await s.t.database.db
          .select({ userId: pushSubscriptions.userId, p256dh: pushSubscriptions.p256dh })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, phone.endpoint))
      )[0];
    expect(await ownerOf()).toEqual({ userId: owner.userId, p256dh: phone.keys.p256dh });

    // The same browser subscription (its own keys): a phone shared by two accounts.
    expect((await subscribe(s, stranger.headers, phone)).statusCode).toBe(201);
    expect((await ownerOf())?.userId).toBe(stranger.userId);
  });
});

describe('an allowed host that resolves to an internal address (issue 25)', () => {
  let s: ShopTest;
  let pushService: Awaited<ReturnType<typeof startPushService>>;

  beforeAll(async () => {
    pushService = await startPushService({ allAddresses: true });
    // An operator's extra host that resolves to loopback; private addresses stay refused.
    s = await createShopTest({ PUSH_ALLOW_HTTP: 'true', PUSH_ALLOWED_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await s.t.close();
    await pushService.close();
  });

  it('is refused when the push is sent, not only when it is stored', async () => {
    const { user, order } = await orderAwaitingQrPayment(s);
    const endpoint = `http://localhost:${String(pushService.port)}/push/laptop`;
    expect((await subscribe(s, user.headers, device(endpoint))).statusCode).toBe(201);
    await enqueuePush(s.t.database.db, order.orderId, 'order_completed');
    await s.t.app.runPendingJobs();
    expect(pushService.received).toEqual([]);
  });

  it('deletes a stored device whose endpoint is allowed no more, without connecting to it', async () => {
    const { user, order } = await orderAwaitingQrPayment(s);
    const stale = device('https://10.0.0.7/push/stored-before-issue-25');
    await s.t.database.db.insert(pushSubscriptions).values({
      userId: user.userId,
      endpoint: stale.endpoint,
      p256dh: stale.keys.p256dh,
      auth: stale.keys.auth,
      language: 'en',
    });
    await enqueuePush(s.t.database.db, order.orderId, 'payment_expired');
    await s.t.app.runPendingJobs();
    const left = await s.t.database.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, stale.endpoint));
    expect(left).toEqual([]);
  });
});
