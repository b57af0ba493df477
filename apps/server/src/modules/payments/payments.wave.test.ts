import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startWaveStandin } from '../../test/standins/wave.ts';
import { signedInStaff } from '../../test/admin-kit.ts';
import {
  call,
  fulfilJobsOf,
  methodsOfferedToNewCustomer,
  paymentStatusOf,
  pendingTopUpOrder,
  receiptsOf,
  expectPaidOnce,
  expectStillUnpaid,
} from '../../test/checkout-kit.ts';
import * as acquirer from '../../test/acquirer-kit.ts';
import { paymentEvents } from './payments.tables.ts';
import { WAVE_CALLBACK_HASH_FIELDS, WAVE_REQUEST_HASH_FIELDS, waveHash } from './providers/wave.ts';

/*
 * Issue 27 / ADR 0059: PAYMENT_PROVIDER=wave against a stand-in written from Wave Money's
 * integration guide, which checks the shop's hash with its own code. Wave has no status API: a
 * payment it never reports on is recorded as "outcome unknown" for support.
 */

const vectors = acquirer.vectors('wave') as {
  secret: string;
  vectors: {
    name: string;
    kind: 'request' | 'callback';
    fields: Record<string, unknown>;
    text: string;
    hash: string;
  }[];
};

describe('Wave hashes (vectors computed by hand from the guide’s formulas, openssl)', () => {
  it.each(vectors.vectors.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    const order = vector.kind === 'request' ? WAVE_REQUEST_HASH_FIELDS : WAVE_CALLBACK_HASH_FIELDS;
    expect(waveHash(vector.fields, order, vectors.secret)).toBe(vector.hash);
  });
});

acquirer.describeStartRefused(
  'wave',
  {
    WAVE_SECRET_KEY: 'a-secret-hash-key-value',
    WAVE_BASE_URL: 'not a url',
  },
  ['WAVE_MERCHANT_ID: missing', 'WAVE_AUTHENTICATE_URL: missing', 'WAVE_BASE_URL: malformed'],
);

describe('payments through Wave (stand-in)', () => {
  const { standin: wave, s } = acquirer.openShop('wave', (sendCallback) =>
    startWaveStandin({ sendCallback }),
  );

  it('checkout offers the redirect only; the request is hashed as Wave checks it', async () => {
    expect(await methodsOfferedToNewCustomer(s)).toMatchObject({
      mmqr: false,
      direct: true,
      aplus: false,
    });

    const { session } = await pendingTopUpOrder(s, 'direct');
    const request = wave().request(session.paymentReference);
    expect(wave().refusedHash).toBe(0);
    expect(request.fields).toMatchObject({
      merchant_id: wave().env.WAVE_MERCHANT_ID,
      amount: '1000',
      time_to_live_in_seconds: '300',
      backend_result_url: 'http://shop.test/api/v1/payments/webhook/wave',
      frontend_result_url: 'http://shop.test/orders',
    });
    expect(JSON.parse(request.fields.items ?? '')).toEqual([
      { name: expect.stringMatching(/^Order /) as unknown, amount: 1000 },
    ]);
    expect(session.paymentUrl).toBe(
      `${wave().url}/authenticate?transaction_id=${request.transactionId}`,
    );
  });

  it('PAYMENT_CONFIRMED pays once however often it comes; the reply is 200', async () => {
    const { user, order, session } = await pendingTopUpOrder(s, 'direct');
    for (let i = 0; i < 3; i += 1) {
      const reply = await wave().callback(session.paymentReference, 'PAYMENT_CONFIRMED');
      expect(reply.status).toBe(200);
    }
    await expectPaidOnce(s, user.headers, order.orderId);
  });

  it('a tampered amount, a wrong hash or no hash changes nothing', async () => {
    const { user, order, session } = await pendingTopUpOrder(s, 'direct');
    const faults: ((body: Record<string, unknown>) => void)[] = [
      (b) => {
        b.amount = '1';
      },
      (b) => {
        b.hashValue = 'ab'.repeat(32);
      },
      (b) => {
        delete b.hashValue;
      },
    ];
    for (const tamper of faults) {
      const reply = await wave().callback(session.paymentReference, 'PAYMENT_CONFIRMED', tamper);
      expect(reply.status).toBe(401);
    }
    await expectStillUnpaid(s, user.headers, order.orderId);
    expect(await receiptsOf(s, order.orderId)).toHaveLength(0);
  });

  it('only PAYMENT_CONFIRMED pays: a refusal ends the attempt, a short balance leaves it open', async () => {
    const { user, order, session } = await pendingTopUpOrder(s, 'direct');
    expect((await wave().callback(session.paymentReference, 'INSUFFICIENT_BALANCE')).status).toBe(
      200,
    );
    expect((await paymentStatusOf(s, user.headers, order.orderId)).paymentStatus).toBe('pending');
    expect(
      (await wave().callback(session.paymentReference, 'PAYMENT_REQUEST_CANCELLED')).status,
    ).toBe(200);
    expect(await paymentStatusOf(s, user.headers, order.orderId)).toMatchObject({
      paymentStatus: 'failed',
      status: 'pending',
    });
    expect(await fulfilJobsOf(s, order.orderId)).toHaveLength(0);
    expect((await receiptsOf(s, order.orderId)).map((r) => [r.outcome, r.amount])).toEqual([
      ['declined', 0],
    ]);
  });

  it('a create Wave refuses or never answers is a clean 503; nothing is half made', async () => {
    await acquirer.expectCreateFaultsClean(s, 'direct', [
      {
        on: () => (wave().hangOnCreate = true),
        off: () => (wave().hangOnCreate = false),
        slow: true,
      },
    ]);
  }, 30_000);

  it('a payment Wave never reports on is recorded once as outcome unknown, on the order’s timeline', async () => {
    const { order, session } = await pendingTopUpOrder(s, 'direct');
    const reported = await pendingTopUpOrder(s, 'direct');
    await wave().callback(reported.session.paymentReference, 'SCHEDULER_TRANSACTION_TIMED_OUT');
    // Within its 5-minute window and Wave's 15 minutes after it, nothing is said.
    s.clock.advance(5 * 60_000 + 15 * 60_000);
    expect((await s.t.app.runPaymentReconciliation()).unknown).toBe(0);
    s.clock.advance(61_000);
    await s.t.app.runPaymentSweep();
    const [first, second] = await Promise.all([
      s.t.app.runPaymentReconciliation(),
      s.t.app.runPaymentReconciliation(),
    ]);
    expect(first.unknown + second.unknown).toBeGreaterThanOrEqual(1);
    const rows = await s.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.type, 'payment.unknown'));
    const references = rows.map((r) => (r.body as { reference: string }).reference);
    expect(references.filter((r) => r === session.paymentReference)).toHaveLength(1);
    // The payment Wave reported on (timed out) is not unknown.
    expect(references).not.toContain(reported.session.paymentReference);

    const staff = await signedInStaff(s.t, s.clock);
    const detail = await call(s, 'GET', `/api/v1/admin/orders/${order.orderId}`, staff.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    const texts = detail
      .json<{ data: { timeline: { text: string }[] } }>()
      .data.timeline.map((e) => e.text);
    expect(texts).toContainEqual(
      expect.stringContaining('Payment outcome unknown: wave never reported on this payment'),
    );
  });
});
