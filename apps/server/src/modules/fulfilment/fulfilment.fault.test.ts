import type { ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OrderListResponse } from '@shop/contracts/orders';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  freePort,
  scratchDatabase,
  signUp,
  spawnServer,
  stop,
} from '../../../bench/server-process.mjs';
import { openDatabase, type Database } from '../../platform/db.ts';
import { startKbzStandin, type KbzStandin } from '../../test/standins/kbzpay.ts';
import { startReloadlyStandin, type ReloadlyStandin } from '../../test/standins/reloadly.ts';
import { cards, products } from '../catalogue/catalogue.tables.ts';
import { loyaltyLedger } from '../loyalty/loyalty.tables.ts';
import { orderCards, topupRequests, topupSimulatorTransactions } from './fulfilment.tables.ts';

const ORDERS = 20;
const KILLS = 6;

/**
 * Crash test of DESIGN §6.4 with the real server: 20 orders (an E-PIN and a top-up each) are paid
 * while the server is SIGKILLed at random moments of their fulfilment and started again. In the
 * end every order is completed exactly once: one card each, no card sold twice or lost, one top-up
 * per line at the aggregator, points credited once.
 * Paid through the sandbox bank on the embedded database, or on PostgreSQL when TEST_DATABASE_URL
 * is set; and, on PostgreSQL only (issue 27: once against a real acquirer's shape), through the
 * KBZPay stand-in, whose signed callbacks are retried until the shop answers `success`.
 */
describe('fulfilment survives SIGKILL and restart (sandbox bank)', () => {
  faultSuite('sandbox');
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'fulfilment survives SIGKILL and restart (KBZPay stand-in, PostgreSQL)',
  () => {
    faultSuite('kbzpay');
  },
);

// Issue 28: top-ups sent to the Reloadly stand-in (answers delayed up to 1.2 s after the top-up
// was made, so kills land between the two); exactly one transaction per key at the stand-in.
describe.runIf(process.env.TEST_DATABASE_URL)(
  'fulfilment survives SIGKILL and restart (Reloadly stand-in, PostgreSQL)',
  () => {
    faultSuite('sandbox', 'reloadly');
  },
);

function faultSuite(
  provider: 'sandbox' | 'kbzpay',
  aggregator: 'simulator' | 'reloadly' = 'simulator',
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fault-'));
  let port = 0;
  let database: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
  let server: ChildProcess | null = null;
  let kbz: KbzStandin | null = null;
  let rld: ReloadlyStandin | null = null;
  let requeuedLines = 0;
  let log = '';

  async function start(): Promise<void> {
    const child = spawnServer({
      port,
      dataDir,
      source: true,
      env: {
        DATABASE_URL: database?.url ?? '',
        LOG_LEVEL: 'info',
        // Slow top-ups and one job at a time: fulfilment is long enough to be killed in.
        TOPUP_SIMULATOR_MAX_DELAY_MS: '1200',
        JOB_CONCURRENCY: '1',
        JOB_LEASE_SECONDS: '2',
        ...(kbz ? { PAYMENT_PROVIDER: 'kbzpay', ...kbz.env } : {}),
        ...(rld ? rld.env : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`server did not start:\n${log.slice(-2000)}`));
      }, 60_000);
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        log += text;
        for (const m of text.matchAll(/"requeued":(\d+)/g)) requeuedLines += Number(m[1]);
        if (text.includes('shop ready at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before it was ready:\n${log.slice(-2000)}`));
      });
    });
  }

  /** Stops the server, by default the hard way, and waits until it has exited. */
  async function kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!server) return;
    await stop(server, signal);
    server = null;
  }

  const base = () => `http://127.0.0.1:${port}`;
  const must = async <T>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> =>
    (await call(base(), method, url, { body, headers, timeoutMs: 20_000 })).json as T;

  /** The customer pays the QR: in the sandbox bank, or in KBZPay (its signed callback). */
  async function pay(qrCode: string): Promise<void> {
    if (!kbz) {
      const paid = await must<{ data: { webhookStatus: number } }>(
        'POST',
        '/api/v1/sandbox/bank/pay',
        { qrPayload: qrCode },
      );
      expect(paid.data.webhookStatus).toBe(200);
      return;
    }
    const order = [...kbz.orders.values()].find((o) => qrCode.includes(o.prepayId));
    if (!order) throw new Error('the QR is not one KBZ made');
    const replies = await kbz.pay(order.merchOrderId);
    expect(replies.map((reply) => reply.status)).not.toContain(500);
    expect(replies.at(-1)?.body).toBe('success');
  }

  beforeAll(async () => {
    port = await freePort();
    if (provider === 'kbzpay') kbz = await startKbzStandin();
    if (aggregator === 'reloadly') rld = await startReloadlyStandin({ answerDelayMs: 1200 });
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) database = await scratchDatabase(adminUrl, 'shop_fault');
  });

  afterAll(async () => {
    await kill();
    await kbz?.close();
    await rld?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  it(`${ORDERS} paid orders, ${KILLS} SIGKILLs during fulfilment: every order completed once, no card lost or doubled`, async () => {
    await start();
    const auth = await signUp(base(), dataDir, {
      name: 'Fault Test',
      email: `fault.${Date.now()}@example.com`,
      phoneNumber: `0997${randomInt(1_000_000, 9_999_999)}`,
      password: 'mingalaba-yangon-2030',
    });
    const list = await must<{ data: { id: string; sku: string }[] }>(
      'GET',
      '/api/v1/products/category/local-epins?limit=50&operator=MPT',
    );
    const epin = list.data.find((p) => p.sku === 'EPIN-MPT-1000');
    const topups = await must<{ data: { id: string; sku: string }[] }>(
      'GET',
      '/api/v1/products/category/mobile-topup?limit=50&operator=MPT',
    );
    const topup = topups.data[0];
    if (!epin || !topup) throw new Error('demo products missing');

    let kills = 0;
    const orderIds: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      await must('POST', '/api/v1/cart/add', { productId: epin.id, quantity: 1 }, auth);
      await must(
        'POST',
        '/api/v1/cart/add',
        { productId: topup.id, quantity: 1, phoneNumber: `0925011${String(1000 + i)}` },
        auth,
      );
      const order = await must<{ data: { orderId: string } }>(
        'POST',
        '/api/v1/checkout/initialize',
        {},
        auth,
      );
      const payment = await must<{ data: { paymentQrCode: string } }>(
        'POST',
        '/api/v1/checkout/complete',
        { sessionId: order.data.orderId, paymentMethod: 'mmqr' },
        auth,
      );
      await pay(payment.data.paymentQrCode);
      orderIds.push(order.data.orderId);
      // Once mid-way through taking orders: the first ones are being fulfilled right now.
      if (i === ORDERS / 2) {
        await sleep(randomInt(100, 1200));
        await kill();
        kills++;
        await start();
      }
    }
    while (kills < KILLS) {
      await sleep(randomInt(150, 1500));
      await kill();
      kills++;
      await start();
    }

    // After the last restart everything finishes on its own.
    const deadline = Date.now() + 120_000;
    let orders: OrderListResponse['data'] = [];
    while (Date.now() < deadline) {
      orders = (await must<OrderListResponse>('GET', '/api/v1/orders?limit=50', undefined, auth))
        .data;
      if (orders.length === ORDERS && orders.every((o) => o.status !== 'processing')) break;
      await sleep(500);
    }
    expect(orders.map((o) => o.status)).toEqual(Array<string>(ORDERS).fill('completed'));
    const delivered = orders.flatMap((o) => o.items.flatMap((i) => i.cards.map((c) => c.cardId)));
    expect(delivered).toHaveLength(ORDERS);
    expect(new Set(delivered).size).toBe(ORDERS);
    for (const o of orders) {
      expect(o.items.find((i) => i.type === 'epin')?.cards).toHaveLength(1);
      expect(o.items.find((i) => i.type === 'topup')?.eload?.status).toBe('success');
    }

    // Stop gracefully, then read the books directly.
    await kill('SIGTERM');
    const books: Database = await openDatabase(database ? { url: database.url } : { dataDir });
    try {
      const db = books.db;
      const [product] = await db.select().from(products).where(eq(products.sku, 'EPIN-MPT-1000'));
      const stock = await db
        .select({ status: cards.status, n: count() })
        .from(cards)
        .where(eq(cards.productId, product?.id ?? ''))
        .groupBy(cards.status);
      const byStatus = Object.fromEntries(stock.map((x) => [x.status, x.n]));
      // The demo seed puts 25 cards in stock: 20 sold, 5 left, none lost.
      expect(byStatus).toEqual({ sold: ORDERS, available: 25 - ORDERS });
      const soldWithoutOrder = await db.execute(sql`
        select count(*)::int as n from ${cards}
        where ${cards.productId} = ${product?.id ?? ''} and ${cards.status} = 'sold'
          and not exists (select 1 from ${orderCards} where ${orderCards.cardId} = ${cards.id})`);
      expect((soldWithoutOrder as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
      const deliveredRows = await db
        .select()
        .from(orderCards)
        .where(inArray(orderCards.orderId, orderIds));
      expect(deliveredRows).toHaveLength(ORDERS);

      const requests = await db.select().from(topupRequests);
      expect(requests).toHaveLength(ORDERS);
      expect(requests.every((r) => r.status === 'success')).toBe(true);
      const executed = rld
        ? rld.transactions.map((t) => ({ idempotencyKey: t.customIdentifier, received: 1 }))
        : await db
            .select()
            .from(topupSimulatorTransactions)
            .where(
              inArray(
                topupSimulatorTransactions.idempotencyKey,
                requests.map((r) => r.idempotencyKey),
              ),
            );
      // One top-up per line at the aggregator, however many times it was asked.
      expect(executed).toHaveLength(ORDERS);
      expect(new Set(executed.map((t) => t.idempotencyKey))).toEqual(
        new Set(requests.map((r) => r.idempotencyKey)),
      );
      if (rld) expect(rld.reusedRefused()).toBe(0);
      const earned = await db
        .select()
        .from(loyaltyLedger)
        .where(and(inArray(loyaltyLedger.orderId, orderIds), eq(loyaltyLedger.kind, 'earn')));
      expect(earned).toHaveLength(ORDERS);
      const resent = requests.filter((r) => r.calls > 1).length;
      const retried = await db.execute(
        sql`select count(*)::int as n from jobs where type = 'fulfil_order' and attempts > 1`,
      );
      const rerun = (retried as { rows: { n: number }[] }).rows[0]?.n ?? 0;
      console.log(
        `fault test (${provider}, ${aggregator}): ${kills} SIGKILLs; ${rerun} fulfilment job(s) run again after a crash (${requeuedLines} requeued at start); ${resent} top-up(s) re-sent with the same key, ${executed.reduce((n, t) => n + t.received - 1, 0)} repeat(s) answered from the aggregator's record${rld ? ` (Reloadly: ${String(rld.calls.get('GET /topups/reports/transactions') ?? 0)} report lookups, ${String(rld.calls.get('POST /topups-async') ?? 0)} sends)` : ''}; database ${books.kind}`,
      );
    } finally {
      await books.close();
    }
  }, 300_000);
}
