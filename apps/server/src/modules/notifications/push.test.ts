import type { ErrorBody } from '@shop/contracts/errors';
import { pushPayloadSchema, vapidKeyResponseSchema } from '@shop/contracts/notifications';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../platform/jobs.ts';
import { call, orderAwaitingQrPayment, signedIn } from '../../test/checkout-kit.ts';
import { paidOrder, stockCards } from '../../test/fulfilment-kit.ts';
import {
  decryptPush,
  openPushingShop,
  pushDevice as device,
  startPushService,
  subscribePush,
} from '../../test/push-kit.ts';
import { createLoyaltyService } from '../loyalty/loyalty.service.ts';
import { markRefundDone } from '../refunds/refunds.service.ts';
import { pushSubscriptions } from './notifications.tables.ts';
import { PUSH_JOB } from './push-jobs.ts';

describe('web push of order events (issue 16)', () => {
  // The stand-in push service lives on 127.0.0.1 (ADR 0042).
  const s = openPushingShop(startPushService);
  let buyer: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    buyer = await signedIn(s);
  });

  const subscribe = (body: object, headers: Record<string, string> = buyer.headers) =>
    subscribePush(s, headers, body);

  it('answers the VAPID public key the server signs with', async () => {
    const res = await call(s, 'GET', '/api/v1/notifications/vapid-public-key', {});
    expect(res.statusCode).toBe(200);
    expect(vapidKeyResponseSchema.parse(res.json()).data.publicKey).toBe(
      s.t.secrets.vapid.publicKey,
    );
  });

  it('refuses guests, bad endpoints and bad keys', async () => {
    const phone = device(`${s.pushService.url}/push/x`);
    const guest = await subscribe(phone.body('en'), { 'accept-language': 'en' });
    expect(guest.statusCode).toBe(401);
    expect(guest.json<ErrorBody>().message).toBe('Please log in to turn on notifications');
    for (const body of [
      { ...phone.body('en'), endpoint: 'ftp://push.example/x' },
      { ...phone.body('en'), endpoint: 'http://user:pw@127.0.0.1/x' },
      { ...phone.body('en'), keys: { p256dh: 'AAAA', auth: phone.auth } },
      { endpoint: `${s.pushService.url}/push/x` },
    ]) {
      const res = await subscribe(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ErrorBody>().message).toBe('This push subscription is not valid');
    }
  });

  let phone: ReturnType<typeof device>;

  it('pushes a completed order once per device, in its language, and drops gone devices', async () => {
    phone = device(`${s.pushService.url}/push/phone`);
    const gone = device(`${s.pushService.url}/gone/old-laptop`);
    expect((await subscribe(phone.body('my'))).statusCode).toBe(201);
    expect((await subscribe(gone.body('en'))).statusCode).toBe(201);

    await stockCards(s, 'G-STEAM-10', 1);
    const { order } = await paidOrder(s, [{ sku: 'G-STEAM-10', quantity: 1 }], { user: buyer });
    await s.t.app.runPendingJobs();

    const toPhone = s.pushService.received.filter((r) => r.path === '/push/phone');
    expect(toPhone).toHaveLength(1);
    const [push] = toPhone;
    if (!push) throw new Error('no push');
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe(String(24 * 3600));
    expect(push.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${s.t.secrets.vapid.publicKey}$`),
    );
    // The device decrypts it with its own private key and auth secret.
    const plain = decryptPush(push.body, phone);
    const payload = pushPayloadSchema.parse(JSON.parse(plain.toString('utf8')));
    expect(payload).toMatchObject({
      event: 'order_completed',
      title: 'သင့်အော်ဒါ အဆင်သင့်ဖြစ်ပါပြီ',
      url: `/orders/${order.orderId}`,
      tag: `order_completed:${order.orderId}`,
    });
    expect(payload.body).toContain(order.orderNumber);

    // 410 Gone: that device's subscription was removed; the phone's stays.
    expect(s.pushService.received.filter((r) => r.path.startsWith('/gone/'))).toHaveLength(1);
    const left = await s.t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, buyer.userId));
    expect(left.map((r) => r.endpoint)).toEqual([`${s.pushService.url}/push/phone`]);

    // A rerun of the event (a crash after sending, a second job) sends nothing more.
    await enqueueJob(s.t.database.db, {
      type: PUSH_JOB,
      dedupeKey: `rerun:${order.orderId}`,
      payload: { orderId: order.orderId, event: 'order_completed' },
    });
    await s.t.app.runPendingJobs();
    expect(s.pushService.received.filter((r) => r.path === '/push/phone')).toHaveLength(1);
  });

  it('pushes a failed order, and stops after the device unsubscribes', async () => {
    const before = s.pushService.received.length;
    // The simulator declines this number: the order fails (and its refund is recorded).
    const failed = await paidOrder(
      s,
      [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: '09250000000' }],
      { user: buyer },
    );
    await s.t.app.runPendingJobs();
    const pushes = s.pushService.received.slice(before);
    expect(pushes.map((r) => r.path)).toEqual(['/push/phone']);

    // Support pays the refund out: the customer's device hears of it too.
    await markRefundDone(
      s.t.database.db,
      createLoyaltyService({ db: s.t.database.db, config: s.t.config.loyalty, clock: s.clock }),
      failed.order.orderId,
      { reference: 'KBZ-1' },
    );
    await s.t.app.runPendingJobs();
    const refunded = s.pushService.received.at(-1);
    const plain = decryptPush(refunded?.body ?? Buffer.alloc(0), phone);
    expect(pushPayloadSchema.parse(JSON.parse(plain.toString('utf8'))).event).toBe(
      'order_refunded',
    );

    const off = await call(s, 'DELETE', '/api/v1/notifications/subscriptions', buyer.headers, {
      endpoint: `${s.pushService.url}/push/phone`,
    });
    expect(off.statusCode).toBe(200);
    const again = await paidOrder(
      s,
      [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: '09250000000' }],
      {
        user: buyer,
      },
    );
    await s.t.app.runPendingJobs();
    expect(s.pushService.received.length).toBe(before + 2);
    expect(failed.order.orderId).not.toBe(again.order.orderId);
  });

  it('pushes an expired payment once, in English for an English device', async () => {
    const { user, order } = await orderAwaitingQrPayment(s);
    const laptop = device(`${s.pushService.url}/push/laptop`);
    expect((await subscribe(laptop.body('en'), user.headers)).statusCode).toBe(201);
    const before = s.pushService.received.length;
    s.clock.advance(301_000);
    // Reading the status expires the payment (the sweep would too).
    await call(s, 'GET', `/api/v1/orders/${order.orderId}/payment-status`, user.headers);
    await call(s, 'GET', `/api/v1/orders/${order.orderId}/payment-status`, user.headers);
    await s.t.app.runPendingJobs();
    const pushes = s.pushService.received.slice(before);
    expect(pushes.map((r) => r.path)).toEqual(['/push/laptop']);
    const plain = decryptPush(pushes[0]?.body ?? Buffer.alloc(0), laptop);
    expect(pushPayloadSchema.parse(JSON.parse(plain.toString('utf8')))).toMatchObject({
      event: 'payment_expired',
      title: 'Payment time is up',
    });
  });
});
