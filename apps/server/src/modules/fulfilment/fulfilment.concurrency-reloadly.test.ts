import { randomBytes, randomInt } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../platform/jobs.ts';
import { jobs } from '../../platform/jobs.tables.ts';
import { createTestApp, type TestApp } from '../../test/app-kit.ts';
import { startReloadlyStandin, type ReloadlyStandin } from '../../test/standins/reloadly.ts';
import { users } from '../auth/auth.tables.ts';
import { products } from '../catalogue/catalogue.tables.ts';
import { createShopTest, type ShopTest } from '../../test/checkout-kit.ts';
import { orderItems, orders } from '../orders/orders.tables.ts';
import { FULFIL_ORDER_JOB } from '../payments/payments.service.ts';
import { payments } from '../payments/payments.tables.ts';
import { unitKeyOf } from './providers/reloadly.ts';

/** The stand-in's fault switches (its header), by the recipient's last four digits. */
const FAULTS = {
  /** The top-up is made and the answer to the first POST is lost. */
  lost: '9999',
  /** No POST is ever answered; nothing is made. */
  silent: '8888',
  /** PROCESSING for a few polls, then SUCCESSFUL. */
  slow: '7777',
  /** Auto-detect says the number is on ATOM. */
  wrongOperator: '6666',
  /** The operator refuses: REFUNDED. */
  refused: '0000',
} as const;
type Fault = keyof typeof FAULTS | 'ordinary';

/** 60 orders: half ordinary numbers, six of each fault. */
const MIX: [Fault, number][] = [
  ['ordinary', 30],
  ['lost', 6],
  ['silent', 6],
  ['slow', 6],
  ['wrongOperator', 6],
  ['refused', 6],
];
const WORKERS_PER_INSTANCE = 5;
/** JOB_MAX_ATTEMPTS is 10: a never-answered line is given up after its tenth round. */
const MAX_ROUNDS = 20;

/**
 * Issue 28 under concurrency: TOPUP_PROVIDER=reloadly against the stand-in, two shop instances on
 * one PostgreSQL database, many paid top-up orders fulfilled by workers of both at once through
 * timeouts, lost answers and retries. At the stand-in every key is executed once and the shop
 * never leans on its refusal of a reused key (each unit is looked up before it is sent); every
 * line ends delivered, failed and flagged for refund, or `unconfirmed`, as its number's fault says.
 *
 * PostgreSQL only (PGlite runs one statement at a time: the workers could never race). Set
 * TEST_DATABASE_URL to run it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Reloadly top-ups under concurrency, two instances (PostgreSQL; skipped without TEST_DATABASE_URL)',
  () => {
    let rld: ReloadlyStandin;
    let s: ShopTest;
    let second: TestApp;
    let userId: string;

    beforeAll(async () => {
      rld = await startReloadlyStandin();
      const env = { ...rld.env, RELOADLY_TIMEOUT_MS: '600', RELOADLY_POLL_BUDGET_MS: '1500' };
      s = await createShopTest(env);
      second = await createTestApp({ env, secondInstanceOf: s.t });
      const [user] = await s.t.database.db
        .insert(users)
        .values({
          name: 'Reloadly Load Buyer',
          email: `rld.load.${Date.now()}@example.com`,
          phoneNumber: `95997${randomInt(1_000_000, 9_999_999)}`,
          passwordHash: 'not-used',
        })
        .returning({ id: users.id });
      userId = user?.id ?? '';
    });
    afterAll(async () => {
      await second.close();
      await s.t.close();
      await rld.close();
    });

    /** Unique MPT numbers (0925 + 3 random digits + the fault's last four), 95 form. */
    function numbers(): { fault: Fault; msisdn: string; quantity: number }[] {
      const middles = new Set<string>();
      const plan = MIX.flatMap(([fault, n]) => Array.from({ length: n }, () => fault));
      return plan.map((fault) => {
        let middle: string;
        do middle = String(randomInt(1000)).padStart(3, '0');
        while (middles.has(middle));
        middles.add(middle);
        let last: string;
        if (fault !== 'ordinary') last = FAULTS[fault];
        else
          do last = String(randomInt(10_000)).padStart(4, '0');
          while ((Object.values(FAULTS) as string[]).includes(last));
        return { fault, msisdn: `95925${middle}${last}`, quantity: randomInt(1, 4) };
      });
    }

    /** The orders, paid, each with one top-up line and its fulfil job, written at once. */
    async function paidOrders(plan: ReturnType<typeof numbers>) {
      const db = s.t.database.db;
      const [product] = await db
        .select()
        .from(products)
        .where(eq(products.id, s.catalogue.productId('T-MPT-1000')));
      if (!product?.topupAmountMmk) throw new Error('no top-up product T-MPT-1000');
      return db.transaction(async (tx) => {
        const made = await tx
          .insert(orders)
          .values(
            plan.map(({ quantity }) => {
              const n = randomBytes(8).toString('hex');
              return {
                orderNumber: `RLD-${n}`,
                userId,
                status: 'processing' as const,
                paymentStatus: 'paid' as const,
                paymentMethod: 'mmqr' as const,
                subtotalMmk: product.priceMmk * quantity,
                totalMmk: product.priceMmk * quantity,
                idempotencyKey: `rld-load:${n}`,
                cartFingerprint: n,
                email: 'rld.load@example.com',
                language: 'en' as const,
                paidAt: new Date(),
              };
            }),
          )
          .returning({ id: orders.id });
        const lines = await tx
          .insert(orderItems)
          .values(
            plan.map(({ msisdn, quantity }, i) => ({
              orderId: made[i]?.id ?? '',
              productId: product.id,
              kind: product.kind,
              sku: product.sku,
              name: product.name,
              quantity,
              listPriceMmk: product.priceMmk,
              unitPriceMmk: product.priceMmk,
              lineTotalMmk: product.priceMmk * quantity,
              phoneNumber: msisdn,
              operatorCode: 'MPT',
              topupAmountMmk: product.topupAmountMmk,
              position: 0,
            })),
          )
          .returning({ id: orderItems.id, orderId: orderItems.orderId });
        await tx.insert(payments).values(
          plan.map(({ quantity }, i) => ({
            orderId: made[i]?.id ?? '',
            provider: 'sandbox',
            method: 'mmqr' as const,
            reference: `RL${randomBytes(9).toString('hex')}`,
            amountMmk: product.priceMmk * quantity,
            status: 'paid' as const,
            payload: '',
            expiresAt: new Date(),
            paidAt: new Date(),
          })),
        );
        for (const { id } of made)
          await enqueueJob(tx, {
            type: FULFIL_ORDER_JOB,
            dedupeKey: `${FULFIL_ORDER_JOB}:${id}`,
            payload: { orderId: id },
          });
        return plan.map((p, i) => {
          const orderId = made[i]?.id ?? '';
          const itemId = lines.find((l) => l.orderId === orderId)?.id ?? '';
          return { ...p, orderId, itemId };
        });
      });
    }

    const openJobs = async () => {
      const rows = await s.t.database.db.execute(
        sql`select count(*)::int as n from jobs where status in ('queued', 'running')`,
      );
      return (rows as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    };

    /**
     * Workers of both instances side by side until no job is left; between rounds the retries
     * waiting out their back-off are made due now. Answers the rounds it took and the job runs
     * of each instance.
     */
    async function drain(): Promise<{ rounds: number; ran: [number, number] }> {
      const ran: [number, number] = [0, 0];
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        await Promise.all(
          ([s.t, second] as const).flatMap((t, i) =>
            Array.from({ length: WORKERS_PER_INSTANCE }, async () => {
              const n = await t.app.runPendingJobs();
              ran[i] = (ran[i] ?? 0) + n;
            }),
          ),
        );
        if ((await openJobs()) === 0) return { rounds: round, ran };
        await s.t.database.db
          .update(jobs)
          .set({ runAt: new Date(Date.now() - 1000) })
          .where(eq(jobs.status, 'queued'));
      }
      throw new Error(`jobs still open after ${String(MAX_ROUNDS)} rounds`);
    }

    it('60 paid top-up orders (quantities 1–3, fault numbers mixed in), 5 workers on each of 2 instances: one transaction per key, every line ends delivered, refunded or unconfirmed', async () => {
      const db = s.t.database.db;
      const started = performance.now();
      const placed = await paidOrders(numbers());
      const { rounds, ran } = await drain();
      const seconds = (performance.now() - started) / 1000;
      // Both instances took part.
      expect(ran[0]).toBeGreaterThan(0);
      expect(ran[1]).toBeGreaterThan(0);

      // At the stand-in: every customIdentifier executed once, and never sent twice (a second
      // send would have been refused as a reused key: the lookup before each send must find it).
      const keys = rld.transactions.map((t) => t.customIdentifier);
      expect(new Set(keys).size).toBe(keys.length);
      expect(rld.reusedRefused()).toBe(0);

      const itemIds = placed.map((p) => p.itemId);
      const orderIds = placed.map((p) => p.orderId);
      const lines = await db.select().from(orderItems).where(inArray(orderItems.id, itemIds));
      const orderRows = await db.select().from(orders).where(inArray(orders.id, orderIds));
      const paymentRows = await db
        .select()
        .from(payments)
        .where(inArray(payments.orderId, orderIds));
      for (const p of placed) {
        const what = `${p.fault} ${p.msisdn} ×${String(p.quantity)}`;
        const line = lines.find((l) => l.id === p.itemId);
        const order = orderRows.find((o) => o.id === p.orderId);
        const payment = paymentRows.find((x) => x.orderId === p.orderId);
        const sent = rld.transactions.filter((t) => t.number === p.msisdn);
        const unitKeys = Array.from({ length: p.quantity }, (_, n) =>
          unitKeyOf(p.itemId, n + 1, p.quantity),
        );
        switch (p.fault) {
          case 'ordinary':
          case 'lost':
          case 'slow':
            expect(line, what).toMatchObject({ status: 'delivered', failureCode: null });
            expect(order?.status, what).toBe('completed');
            expect(payment?.refundRequired, what).toBe(false);
            expect(sent.map((t) => t.customIdentifier).sort(), what).toEqual(unitKeys.sort());
            expect(
              sent.every((t) => t.status === 'SUCCESSFUL' && t.amount === 1000),
              what,
            ).toBe(true);
            break;
          case 'refused':
            expect(line, what).toMatchObject({ status: 'failed', failureCode: 'declined' });
            expect(order?.status, what).toBe('failed');
            expect(payment, what).toMatchObject({
              refundRequired: true,
              refundAmountMmk: 1000 * p.quantity,
            });
            expect(sent.map((t) => t.customIdentifier).sort(), what).toEqual(unitKeys.sort());
            expect(
              sent.every((t) => t.status === 'REFUNDED'),
              what,
            ).toBe(true);
            break;
          case 'wrongOperator':
            expect(line, what).toMatchObject({
              status: 'failed',
              failureCode: 'wrong_operator:ATOM',
            });
            expect(order?.status, what).toBe('failed');
            expect(payment, what).toMatchObject({
              refundRequired: true,
              refundAmountMmk: 1000 * p.quantity,
            });
            expect(sent, what).toHaveLength(0);
            break;
          case 'silent':
            // Sent and never answered, ten times: it may have arrived, so support checks first.
            expect(line, what).toMatchObject({ status: 'failed', failureCode: 'unconfirmed' });
            expect(order?.status, what).toBe('failed');
            expect(payment?.refundRequired, what).toBe(true);
            expect(payment?.refundReason, what).toMatch(
              /^check unconfirmed top-ups with the aggregator before refunding/,
            );
            // The stand-in makes nothing for these; never more than the line's units in any case.
            expect(sent, what).toHaveLength(0);
            break;
        }
      }
      // Nothing else reached the stand-in: every transaction is one of these lines' units.
      const expected = placed
        .filter((p) => !['silent', 'wrongOperator'].includes(p.fault))
        .reduce((sum, p) => sum + p.quantity, 0);
      expect(rld.transactions).toHaveLength(expected);

      // Every job ended done, but the never-answered lines' fulfil jobs, given up (failed).
      const unfinished = await db
        .select({ type: jobs.type, status: jobs.status, payload: jobs.payload })
        .from(jobs)
        .where(sql`${jobs.status} <> 'done'`);
      expect(unfinished.every((j) => j.type === FULFIL_ORDER_JOB && j.status === 'failed')).toBe(
        true,
      );
      expect(unfinished.map((j) => j.payload.orderId as string).sort()).toEqual(
        placed
          .filter((p) => p.fault === 'silent')
          .map((p) => p.orderId)
          .sort(),
      );

      const lookups = rld.calls.get('GET /topups/reports/transactions') ?? 0;
      const posts = rld.calls.get('POST /topups-async') ?? 0;
      console.log(
        `reloadly concurrency: ${String(placed.length)} orders, ${String(
          placed.reduce((sum, p) => sum + p.quantity, 0),
        )} units, 2 instances × ${String(WORKERS_PER_INSTANCE)} workers (job runs ${String(ran[0])} + ${String(ran[1])}), ${String(rounds)} rounds in ${seconds.toFixed(1)} s; ${String(rld.transactions.length)} transactions, ${String(posts)} top-up POSTs, ${String(lookups)} report lookups, ${String(rld.reusedRefused())} reused keys refused`,
      );
    }, 120_000);
  },
);
