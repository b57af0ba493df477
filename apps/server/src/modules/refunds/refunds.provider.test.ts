import * as acquirer from '../../test/acquirer-kit.ts';
import fs from 'node:fs';
import https from 'node:https';
import { adminOrderMessages } from '@shop/contracts/admin-orders-messages';
import type { ErrorBody } from '@shop/contracts/errors';
import { orderResponseSchema } from '@shop/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../platform/jobs.tables.ts';
import { outboxFor } from '../../test/auth-kit.ts';
import { createAdminOrdersRepo } from '../admin/admin-orders.repo.ts';
import { buildTimeline } from '../admin/admin-order-timeline.ts';
import { signedInStaff, type SignedInStaff } from '../../test/admin-kit.ts';
import {
  addMptTopUp,
  call,
  completeWith,
  initialize,
  pendingTopUpOrder,
  signedIn,
} from '../../test/checkout-kit.ts';
import { DECLINED_PHONE } from '../../test/fulfilment-kit.ts';
import { createLoyaltyService } from '../loyalty/loyalty.service.ts';
import { AcquirerError } from '../payments/acquirer.ts';
import { createKbzPayAcquirer, kbzpaySettings } from '../payments/providers/kbzpay.ts';
import {
  standinCertPath,
  startKbzStandin,
  STANDIN_CLIENT_KEY_PASSPHRASE,
} from '../../test/standins/kbzpay.ts';
import { createProviderRefunds, PROVIDER_REFUND_JOB } from './provider-refunds.service.ts';
import { providerRefunds } from './refunds.tables.ts';
import { markRefundDone } from './refunds.service.ts';

/*
 * Issue 27 / ADR 0060: refunds of failed or unusable payments go back through KBZPay's refund API
 * (mutual TLS, idempotent by the refund's own request number) against the KBZPay stand-in, which
 * accepts only a client certificate of its test CA. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */

describe('KBZPay refund configuration (ADR 0060)', () => {
  const base = {
    PAYMENT_PROVIDER: 'kbzpay',
    KBZPAY_APP_ID: 'kp-app',
    KBZPAY_APP_KEY: 'an-app-key-of-the-merchant',
    KBZPAY_MERCH_CODE: '200123',
    KBZPAY_BASE_URL: 'https://api.kbzpay.test/payment/gateway',
  };
  const clientKeyText = fs.readFileSync(standinCertPath('client.key'), 'utf8');

  it('partial refund settings stop the start with the list of what is missing, never a value', () => {
    const message = acquirer.paymentProviderStartError({
      ...base,
      KBZPAY_CLIENT_KEY: clientKeyText,
    });
    expect(message).toContain('KBZPAY_REFUND_URL: missing');
    expect(message).toContain('KBZPAY_CLIENT_CERT: missing');
    expect(message).not.toContain('KBZPAY_CLIENT_KEY: missing');
    expect(message).not.toContain('PRIVATE KEY');
    expect(message).not.toContain(base.KBZPAY_APP_KEY);
  });

  it('a refund address must be https; unreadable, mismatched or locked keys are named', () => {
    const refund = {
      ...base,
      KBZPAY_REFUND_URL: 'http://api.kbzpay.test:8008/payment/gateway/refund',
      KBZPAY_CLIENT_CERT: '/nowhere/client.crt',
      KBZPAY_CLIENT_KEY: clientKeyText,
    };
    const message = acquirer.paymentProviderStartError(refund);
    expect(message).toContain('KBZPAY_REFUND_URL: malformed');
    const files = acquirer.paymentProviderStartError({
      ...refund,
      KBZPAY_REFUND_URL: 'https://api.kbzpay.test:8008/payment/gateway/refund',
    });
    expect(files).toContain('KBZPAY_CLIENT_CERT: unreadable');
    // The key is encrypted (as KBZ's demo key is): without its passphrase it cannot be read.
    expect(files).toContain('KBZPAY_CLIENT_KEY: malformed, or encrypted and');
    expect(files).not.toContain('/nowhere/client.crt');
    const mismatch = acquirer.paymentProviderStartError({
      ...refund,
      KBZPAY_REFUND_URL: 'https://api.kbzpay.test:8008/payment/gateway/refund',
      KBZPAY_CLIENT_CERT: standinCertPath('client.crt'),
      KBZPAY_CLIENT_KEY: standinCertPath('stranger.key'),
    });
    expect(mismatch).toContain('KBZPAY_CLIENT_KEY: is not the key of KBZPAY_CLIENT_CERT');
    // A wrong passphrase is not shown either.
    const wrongPassphrase = acquirer.paymentProviderStartError({
      ...refund,
      KBZPAY_REFUND_URL: 'https://api.kbzpay.test:8008/payment/gateway/refund',
      KBZPAY_CLIENT_CERT: standinCertPath('client.crt'),
      KBZPAY_CLIENT_KEY_PASSPHRASE: 'not-the-passphrase',
    });
    expect(wrongPassphrase).toContain('KBZPAY_CLIENT_KEY: malformed, or encrypted and');
    expect(wrongPassphrase).not.toContain('not-the-passphrase');
  });

  it('the certificate and key may be PEM text or file paths; none of the three: no refunds', () => {
    const settings = (env: Record<string, string>) => {
      const found = kbzpaySettings(env, 'https://shop.test');
      if ('problems' in found) throw new Error(found.problems.join('\n'));
      return found.settings;
    };
    expect(settings(base).refund).toBeNull();
    const both = [
      { cert: standinCertPath('client.crt'), key: clientKeyText },
      {
        cert: fs.readFileSync(standinCertPath('client.crt'), 'utf8'),
        key: standinCertPath('client.key'),
      },
    ];
    for (const { cert, key } of both)
      expect(
        settings({
          ...base,
          KBZPAY_REFUND_URL: 'https://api.kbzpay.test:8008/payment/gateway/refund',
          KBZPAY_CLIENT_CERT: cert,
          KBZPAY_CLIENT_KEY: key,
          KBZPAY_CLIENT_KEY_PASSPHRASE: STANDIN_CLIENT_KEY_PASSPHRASE,
        }).refund?.cert,
      ).toContain('-----BEGIN CERTIFICATE-----');
  });
});

describe('refunds through KBZPay (stand-in, mutual TLS)', () => {
  let admin: SignedInStaff;

  const { standin: kbz, s } = acquirer.openShop(
    'kbzpay',
    (sendCallback) => startKbzStandin({ refunds: true, sendCallback }),
    {
      // A refund whose answer is late is given up on soon (and asked again).
      KBZPAY_TIMEOUT_MS: '1500',
      TOPUP_SIMULATOR_MAX_DELAY_MS: '0',
    },
  );
  beforeAll(async () => {
    admin = await signedInStaff(s.t, s.clock, 'admin');
  });

  const db = () => s.t.database.db;
  const loyalty = () =>
    createLoyaltyService({ db: db(), config: s.t.config.loyalty, clock: s.clock });
  const refundRequests = (reference: string) =>
    kbz().seen.filter((r) => r.endpoint === 'refund' && r.biz.merch_order_id === reference);
  const refundRowOf = async (orderId: string) => {
    const rows = await db()
      .select()
      .from(providerRefunds)
      .where(eq(providerRefunds.orderId, orderId));
    expect(rows).toHaveLength(1);
    return rows[0] ?? expect.unreachable();
  };
  const refundJobOf = async (providerRefundId: string) => {
    const [job] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `${PROVIDER_REFUND_JOB}:${providerRefundId}`));
    return job ?? expect.unreachable();
  };
  const orderOf = async (orderId: string, headers: Record<string, string>) => {
    const res = await call(s, 'GET', `/api/v1/orders/${orderId}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return orderResponseSchema.parse(res.json()).data;
  };
  const timelineOf = async (orderId: string) => {
    const repo = createAdminOrdersRepo(db());
    const found = (await repo.order(orderId)) ?? expect.unreachable();
    const records = await repo.records(
      orderId,
      found.items.map((i) => i.id),
    );
    return buildTimeline(found.order, found.items, records).map((e) => e.text);
  };

  /** A 1,000 Ks top-up paid through KBZ by a signed callback; the operator declines it. */
  async function failedKbzOrder() {
    const user = await signedIn(s);
    await addMptTopUp(s, user.headers, DECLINED_PHONE);
    const order = await initialize(s, user.headers);
    const session = await completeWith(s, user.headers, order.orderId);
    const replies = await kbz().pay(session.paymentReference);
    expect(replies.map((r) => r.body)).toEqual(['success']);
    return { user, orderId: order.orderId, reference: session.paymentReference };
  }

  it('a failed order paid through KBZ is refunded once through KBZ with the client certificate; the refund is done and told once', async () => {
    const { user, orderId, reference } = await failedKbzOrder();
    await s.t.app.runPendingJobs();

    // KBZ was asked once, signed, with the merchant's client certificate, for the order's money.
    const [request, ...more] = refundRequests(reference);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({
      signatureOk: true,
      clientCert: 'shop-test-merchant',
      request: { method: 'kbz.payment.refund', version: '1.0', sign_type: 'SHA256' },
      biz: {
        appid: kbz().appId,
        merch_code: kbz().merchCode,
        merch_order_id: reference,
        refund_amount: '1000',
        refund_reason: 'Order not delivered',
      },
    });
    const row = await refundRowOf(orderId);
    expect(request?.biz.refund_request_no).toBe(row.requestNo);
    expect(row.requestNo).toMatch(/^[0-9a-f]{32}$/);
    const made = kbz().refunds.get(row.requestNo);
    expect(made).toMatchObject({ outcome: 'made', merchOrderId: reference, amount: 1000 });
    expect(kbz().order(reference).refunded).toBe(1000);
    expect(row).toMatchObject({
      status: 'refunded',
      provider: 'kbzpay',
      amountMmk: 1000,
      providerRef: made?.outcome === 'made' ? made.refundOrderId : 'none',
    });

    // The order's refund is done as support would mark it, with KBZ's reference; told once.
    const shown = await orderOf(orderId, user.headers);
    expect(shown).toMatchObject({
      status: 'failed',
      paymentStatus: 'refunded',
      refund: { status: 'refunded', destination: 'bank', amount: 1000 },
    });
    await s.t.app.runPendingJobs();
    const refundedMails = outboxFor(s.t, user.person.email).filter(
      (m) =>
        m.kind === 'email' && m.subject === `Your refund for order ${shown.orderNumber} is done`,
    );
    expect(refundedMails).toHaveLength(1);
    const again = await markRefundDone(db(), loyalty(), orderId, { reference: 'BY-HAND' });
    expect(again.changed).toBe(false);
    expect(again.refund.reference).toBe(`kbzpay ${row.providerRef ?? ''}`);
    expect(refundRequests(reference)).toHaveLength(1);
    expect(await timelineOf(orderId)).toContain(
      `Refund of 1,000 MMK made by kbzpay (its refund ${row.providerRef ?? ''})`,
    );
  });

  it('the refund endpoint refuses a client without a certificate, or with one its CA never signed', async () => {
    const ca = fs.readFileSync(standinCertPath('ca.crt'));
    const post = (options: https.RequestOptions) =>
      new Promise<number>((resolve, reject) => {
        const req = https.request(
          kbz().refundUrl ?? '',
          { method: 'POST', ca, agent: false, ...options },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    const refusalsBefore = kbz().tlsRefusals.length;
    const requestsBefore = kbz().seen.filter((r) => r.endpoint === 'refund').length;
    await expect(post({})).rejects.toThrow();
    await expect(
      post({
        cert: fs.readFileSync(standinCertPath('stranger.crt')),
        key: fs.readFileSync(standinCertPath('stranger.key')),
      }),
    ).rejects.toThrow();
    await vi.waitFor(() => {
      expect(kbz().tlsRefusals.length).toBe(refusalsBefore + 2);
    });
    // The shop's own certificate gets through (the stand-in then refuses the empty request).
    expect(
      await post({
        cert: fs.readFileSync(standinCertPath('client.crt')),
        key: fs.readFileSync(standinCertPath('client.key')),
        passphrase: STANDIN_CLIENT_KEY_PASSPHRASE,
      }),
    ).toBe(400);
    // The adapter with a certificate KBZ does not know: no answer, to try again later.
    const env = Object.fromEntries(
      Object.entries(kbz().env).filter(([name]) => name !== 'KBZPAY_CLIENT_KEY_PASSPHRASE'),
    );
    const found = kbzpaySettings(
      {
        ...env,
        KBZPAY_CLIENT_CERT: standinCertPath('stranger.crt'),
        KBZPAY_CLIENT_KEY: standinCertPath('stranger.key'),
      },
      'http://shop.test',
    );
    if ('problems' in found) throw new Error(found.problems.join('\n'));
    const stranger = createKbzPayAcquirer(found.settings);
    const refused = stranger.refund?.({
      reference: 'NOSUCHORDER000000000',
      refundId: 'f'.repeat(32),
      amountMmk: 1000,
      reason: 'Order not delivered',
    });
    await expect(refused).rejects.toThrow(AcquirerError);
    await expect(refused).rejects.toThrow('KBZPay refund did not answer');
    // Neither stranger reached the refund handler (the shop's empty request was not KBZ-shaped).
    expect(kbz().seen.filter((r) => r.endpoint === 'refund')).toHaveLength(requestsBefore);
  });

  it('a refund whose answer never came is sent again with the same request number and made once; support cannot pay it meanwhile', async () => {
    // First a server error (nothing done), then the refund is made but its answer is too late.
    kbz().faults.refundServerErrors = 1;
    const { user, orderId, reference } = await failedKbzOrder();
    await s.t.app.runPendingJobs();
    const row = await refundRowOf(orderId);
    expect(row.status).toBe('sending');
    expect((await refundJobOf(row.id)).lastError).toBe('KBZPay refund failed on its side');
    expect(refundRequests(reference)).toHaveLength(0);

    kbz().faults.refundAnswerDelayMs = 4000;
    const due = () =>
      db()
        .update(jobs)
        .set({ runAt: sql`now()` })
        .where(eq(jobs.dedupeKey, `${PROVIDER_REFUND_JOB}:${row.id}`));
    await due();
    const startedAt = performance.now();
    await s.t.app.runPendingJobs();
    expect(performance.now() - startedAt).toBeLessThan(3500);
    expect(kbz().order(reference).refunded).toBe(1000);
    expect(await refundRowOf(orderId)).toMatchObject({ status: 'sending' });
    expect(await refundJobOf(row.id)).toMatchObject({
      status: 'queued',
      attempts: 2,
      lastError: 'KBZPay refund did not answer',
    });
    // Paying it by hand now would pay it twice: refused while KBZ has not answered. A retry of
    // the top-up is refused too (the money may be on its way back).
    await expect(
      markRefundDone(db(), loyalty(), orderId, { reference: 'BY-HAND' }),
    ).rejects.toMatchObject({ problem: 'at_provider' });
    const itemId = (await createAdminOrdersRepo(db()).order(orderId))?.items[0]?.id ?? '';
    const retried = await call(
      s,
      'POST',
      `/api/v1/admin/orders/${orderId}/items/${itemId}/retry`,
      admin.headers,
      {},
    );
    expect(retried.statusCode, retried.body).toBe(409);
    expect(retried.json<ErrorBody>().message).toBe(adminOrderMessages.refundSentToProvider.en);
    expect((await orderOf(orderId, user.headers)).paymentStatus).toBe('refund_pending');

    kbz().faults.refundAnswerDelayMs = 0;
    await due();
    await s.t.app.runPendingJobs();
    const requests = refundRequests(reference);
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => r.biz.refund_request_no)).toEqual([row.requestNo, row.requestNo]);
    expect(kbz().order(reference).refunded).toBe(1000);
    expect(await refundRowOf(orderId)).toMatchObject({ status: 'refunded' });
    expect((await orderOf(orderId, user.headers)).paymentStatus).toBe('refunded');
  }, 30_000);

  it('a refund KBZ refuses stays for support with KBZ’s reason, and is paid by hand as before', async () => {
    kbz().faults.refundRefused = true;
    const { user, orderId, reference } = await failedKbzOrder();
    await s.t.app.runPendingJobs();
    kbz().faults.refundRefused = false;
    const row = await refundRowOf(orderId);
    expect(row).toMatchObject({
      status: 'refused',
      message: 'KBZPay refused the refund (code PAY015): Merchant balance is not enough',
    });
    expect(kbz().order(reference).refunded).toBe(0);
    expect(await refundJobOf(row.id)).toMatchObject({ status: 'done' });
    expect((await orderOf(orderId, user.headers)).paymentStatus).toBe('refund_pending');
    expect(await timelineOf(orderId)).toContain(
      'kbzpay refused the refund of 1,000 MMK: KBZPay refused the refund (code PAY015): Merchant balance is not enough. Nothing went back: pay it out by hand, then mark the refund done',
    );
    // Nothing more is sent; support pays it out and marks it done, as without a provider refund.
    await s.t.app.runPendingJobs();
    expect(refundRequests(reference)).toHaveLength(1);
    const done = await markRefundDone(db(), loyalty(), orderId, { reference: 'KBZ-BY-HAND-1' });
    expect(done).toMatchObject({ changed: true, refund: { status: 'refunded' } });
  });

  it('money paid after a cancel goes back through KBZ; the order no longer shows it due', async () => {
    const pending = await pendingTopUpOrder(s);
    const { user, order, session } = pending;
    await acquirer.closeAtKbz(s, kbz, pending, session.paymentReference, 'cancel-payment');
    // A wallet that paid before the close reached KBZ: recorded, flagged, not applied.
    await kbz().pay(session.paymentReference);
    expect((await orderOf(order.orderId, user.headers)).unappliedRefund).toBe(1000);
    await s.t.app.runPendingJobs();
    const row = await refundRowOf(order.orderId);
    expect(row).toMatchObject({
      status: 'refunded',
      amountMmk: 1000,
      reason: 'Paid after the order was cancelled',
    });
    expect(row.receiptId).not.toBeNull();
    expect(kbz().order(session.paymentReference).refunded).toBe(1000);
    expect((await orderOf(order.orderId, user.headers)).unappliedRefund).toBe(0);
  });

  it('two workers sending the same refund at once (a lease taken over): KBZ refunds once, recorded once', async () => {
    // The first try gets a server error, so the job waits; two workers then run it together.
    kbz().faults.refundServerErrors = 1;
    const { user, orderId, reference } = await failedKbzOrder();
    await s.t.app.runPendingJobs();
    const row = await refundRowOf(orderId);
    const job = await refundJobOf(row.id);
    const found = kbzpaySettings(kbz().env, 'http://shop.test');
    if ('problems' in found) throw new Error(found.problems.join('\n'));
    const logged: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => logged.push(line) });
    const worker = () =>
      createProviderRefunds({
        db: db(),
        acquirers: [createKbzPayAcquirer(found.settings)],
        loyalty: loyalty(),
        log,
      }).jobTypes[PROVIDER_REFUND_JOB]?.handle(job);
    await Promise.all([worker(), worker()]);
    // Both sent it, with the same request number; its outcome was recorded by one of them.
    expect(
      logged.filter((line) => line.includes('refund made by the payment provider')),
    ).toHaveLength(1);
    expect(refundRequests(reference).map((r) => r.biz.refund_request_no)).toEqual([
      row.requestNo,
      row.requestNo,
    ]);
    expect(kbz().order(reference).refunded).toBe(1000);
    expect(await refundRowOf(orderId)).toMatchObject({ status: 'refunded' });
    expect((await orderOf(orderId, user.headers)).paymentStatus).toBe('refunded');
    const notices = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `send_refund_notice:refunded:${orderId}`));
    expect(notices).toHaveLength(1);
  });
});
