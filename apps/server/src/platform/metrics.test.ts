import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MPT_PHONE, createShopTest, type ShopTest } from '../test/checkout-kit.ts';
import { availableCards, paidOrder, stockCards } from '../test/fulfilment-kit.ts';
import { createTestApp } from '../test/app-kit.ts';
import {
  createShopMetrics,
  hasBearerToken,
  registerHttpMetrics,
  registerMetricsRoute,
  type MetricsSources,
} from './metrics.ts';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line `name{labels} value` of a scrape, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(',').filter(Boolean);
    if (wanted.every((w) => have.includes(w))) return Number(match[3]);
  }
  return undefined;
}

/** The scrape's count of timed answers (http_request_duration_seconds) to method, route, status. */
const answersTimed = (text: string, method: string, route: string, status: string) =>
  sample(text, 'http_request_duration_seconds_count', { method, route, status_code: status });

describe('/metrics (issue 17 Operability, ADR 0034)', () => {
  describe('without METRICS_TOKEN', () => {
    it('is off: 404 in the API error shape, even where the web app answers unknown pages', async () => {
      const webRoot = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'web-'));
      fs.writeFileSync(
        path.join(webRoot, 'index.html'),
        '<!doctype html><title>shop</title><div id="root"></div>',
      );
      const t = await createTestApp({ webRoot });
      try {
        expect(t.config.metricsToken).toBeNull();
        for (const headers of [{}, bearer]) {
          const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        }
        // The unknown page next to it is the app page: /metrics is no exception by accident.
        const page = await t.app.inject({ method: 'GET', url: '/metricz' });
        expect(page.statusCode).toBe(200);
      } finally {
        await t.close();
        fs.rmSync(webRoot, { recursive: true, force: true });
      }
    });
  });

  describe('with METRICS_TOKEN, after an order placed and paid through the routes', () => {
    let s: ShopTest;
    let second: ShopTest;
    let scrape: string;
    let orderId: string;

    beforeAll(async () => {
      s = await createShopTest({ METRICS_TOKEN: TOKEN, TOPUP_SIMULATOR_MAX_DELAY_MS: '0' });
      // A second app in the same process: a registry per app, no "already registered".
      second = await createShopTest({ METRICS_TOKEN: TOKEN });
      await stockCards(s, 'G-STEAM-10', 3);
      const { order } = await paidOrder(s, [
        { sku: 'G-STEAM-10', quantity: 1 },
        { sku: 'T-MPT-1000', quantity: 1, phoneNumber: MPT_PHONE },
      ]);
      orderId = order.orderId;
      // The simulator declines numbers ending in 0000: this order fails and is flagged for refund.
      s.clock.advance(1000);
      await paidOrder(s, [{ sku: 'T-MPT-1000', quantity: 1, phoneNumber: '09250000000' }]);
      // Paid: the fulfilment jobs are queued and counted before they run.
      const queued = await s.t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(queued.statusCode, queued.body).toBe(200);
      expect(sample(queued.body, 'shop_jobs', { type: 'fulfil_order', status: 'queued' })).toBe(2);
      expect(sample(queued.body, 'shop_orders', { status: 'processing' })).toBe(2);
      await s.t.app.runPendingJobs();
      // The database counts are kept 5 s per app (however many scrapers ask): past that, a scrape
      // reads them again.
      s.clock.advance(5_000);
      scrape = await scrapeNow(s);
    });
    afterAll(async () => {
      await s.t.close();
      await second.t.close();
    });

    async function scrapeNow(test: ShopTest) {
      const res = await test.t.app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      return res.body;
    }

    it('401 without a token, with a wrong one, or another scheme; nothing leaked', async () => {
      for (const authorization of [
        undefined,
        'Bearer',
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const res = await s.t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toEqual({
          success: false,
          error: 'This needs the metrics bearer token',
          message: 'This needs the metrics bearer token',
          code: 'UNAUTHORIZED',
        });
        expect(res.body).not.toContain('shop_');
      }
    });

    it('counts the order by status, its payment, the jobs and the stock', async () => {
      const own = scrape;
      expect(sample(own, 'shop_orders', { status: 'completed' })).toBe(1);
      expect(sample(own, 'shop_orders', { status: 'failed' })).toBe(1);
      expect(sample(own, 'shop_orders', { status: 'pending' })).toBe(0);
      expect(sample(own, 'shop_orders', { status: 'processing' })).toBe(0);
      // Payment attempts: both QRs paid (the failed order's money is owed back: its order says so).
      expect(sample(own, 'shop_payments', { status: 'paid' })).toBe(2);
      expect(sample(own, 'shop_payments', { status: 'pending' })).toBe(0);
      expect(sample(own, 'shop_payment_receipts', { outcome: 'applied' })).toBe(2);
      expect(sample(own, 'shop_payment_receipts', { outcome: 'duplicate' })).toBe(0);
      // Done jobs are not counted; queued, running and failed are, 0 when none.
      expect(sample(own, 'shop_jobs', { type: 'fulfil_order', status: 'queued' })).toBe(0);
      expect(sample(own, 'shop_jobs', { type: 'fulfil_order', status: 'failed' })).toBe(0);
      // Three cards stocked beside the fixture's own, one sold.
      const left = (await availableCards(s, 'G-STEAM-10')).length;
      expect(left).toBeGreaterThanOrEqual(2);
      expect(sample(own, 'shop_stock_free_cards', { sku: 'G-STEAM-10', kind: 'giftcard' })).toBe(
        left,
      );
      // The failed top-up's money is owed back to the bank account it came from.
      expect(sample(own, 'shop_refunds', { status: 'refund_pending', destination: 'bank' })).toBe(
        1,
      );
      expect(
        sample(own, 'shop_refunds_kyat', { status: 'refund_pending', destination: 'bank' }),
      ).toBeGreaterThan(0);
      expect(sample(own, 'shop_refunds', { status: 'refunded', destination: 'points' })).toBe(0);
      expect(sample(own, 'shop_metrics_database_up')).toBe(1);
      expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('times HTTP answers per route pattern, never per URL', async () => {
      const ordersRes = await s.t.app.inject({ method: 'GET', url: `/api/v1/orders/${orderId}` });
      expect(ordersRes.statusCode).toBe(401);
      const text = await scrapeNow(s);
      expect(answersTimed(text, 'POST', '/api/v1/checkout/initialize', '201')).toBe(2);
      expect(answersTimed(text, 'GET', '/api/v1/orders/:orderId', '401')).toBe(1);
      expect(text).not.toContain(orderId);
      // Unknown paths (and the web app's pages) share one label, whatever the URL.
      const unknown = await s.t.app.inject({ method: 'GET', url: `/api/v1/nope/${orderId}` });
      expect(unknown.statusCode).toBe(404);
      const after = await scrapeNow(s);
      expect(answersTimed(after, 'GET', '(no route)', '404')).toBe(1);
      expect(after).not.toContain(orderId);
      // Histogram buckets, cumulative, with +Inf equal to the count.
      expect(
        sample(text, 'http_request_duration_seconds_bucket', {
          route: '/api/v1/checkout/initialize',
          le: '+Inf',
        }),
      ).toBe(2);
    });

    it('times the fulfilment job and the top-up aggregator', () => {
      expect(
        sample(scrape, 'shop_job_duration_seconds_count', {
          type: 'fulfil_order',
          outcome: 'done',
        }),
      ).toBe(2);
      expect(sample(scrape, 'shop_job_wait_seconds_count', { type: 'fulfil_order' })).toBe(2);
      for (const outcome of ['success', 'failed'])
        expect(
          sample(scrape, 'shop_topup_request_duration_seconds_count', {
            provider: 'simulator',
            outcome,
          }),
        ).toBe(1);
      expect(
        sample(scrape, 'shop_topup_errors_total', { provider: 'simulator', reason: 'declined' }),
      ).toBe(1);
    });

    it("serves the process's own metrics (event-loop lag, memory) and the database engine", () => {
      expect(sample(scrape, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(scrape, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      const engine = s.t.database.kind;
      expect(sample(scrape, 'shop_database_info', { engine })).toBe(1);
      if (engine === 'postgres') {
        expect(sample(scrape, 'shop_db_pool_max_connections')).toBe(20);
        expect(sample(scrape, 'shop_db_pool_connections')).toBeGreaterThanOrEqual(1);
        expect(sample(scrape, 'shop_db_pool_waiting_requests')).toBe(0);
      } else {
        expect(sample(scrape, 'shop_db_pool_connections')).toBeUndefined();
      }
    });

    it('a second app in the process has its own registry', async () => {
      const text = await scrapeNow(second);
      expect(sample(text, 'shop_orders', { status: 'completed' })).toBe(0);
      expect(answersTimed(text, 'POST', '/api/v1/checkout/initialize', '201')).toBeUndefined();
    });
  });

  it('a database that fails leaves its counts out, and the scrape still answers', async () => {
    const app = Fastify({ logger: false });
    const metrics = createShopMetrics();
    registerHttpMetrics(app, metrics);
    const broken = () => Promise.reject(new Error('database down'));
    const sources: MetricsSources = {
      engine: 'postgres',
      poolStats: () => ({ total: 3, idle: 1, waiting: 2, max: 20 }),
      orders: broken,
      orderStatuses: ['pending'],
      payments: broken,
      paymentStatuses: ['pending'],
      paymentReceipts: broken,
      receiptOutcomes: ['applied'],
      jobs: broken,
      jobTypes: ['fulfil_order'],
      stock: broken,
      refunds: broken,
      refundStatuses: ['refund_pending'],
      refundDestinations: ['bank'],
    };
    registerMetricsRoute(app, { token: TOKEN, metrics, sources });
    try {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer });
      expect(res.statusCode).toBe(200);
      expect(sample(res.body, 'shop_metrics_database_up')).toBe(0);
      expect(sample(res.body, 'shop_orders', { status: 'pending' })).toBeUndefined();
      expect(sample(res.body, 'shop_db_pool_waiting_requests')).toBe(2);
      expect(sample(res.body, 'shop_db_pool_idle_connections')).toBe(1);
      expect(sample(res.body, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('compares the bearer token whole', () => {
    expect(hasBearerToken(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(hasBearerToken(undefined, TOKEN)).toBe(false);
    expect(hasBearerToken('Bearer ', TOKEN)).toBe(false);
    expect(hasBearerToken(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
    expect(hasBearerToken(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe(false);
  });
});

describe('measuring never fails what it measures', () => {
  it('drops a sample prom-client refuses instead of throwing', async () => {
    const metrics = createShopMetrics();
    expect(() => {
      metrics.jobRan('fulfil_order', 'done', Number.NaN, 0);
      metrics.topupAnswered('simulator', 'success', Number.POSITIVE_INFINITY);
      metrics.observeHttp('GET', '/x', 200, Number.NaN);
    }).not.toThrow();
    const text = await metrics.registry.metrics();
    expect(
      sample(text, 'shop_job_duration_seconds_count', { type: 'fulfil_order' }),
    ).toBeUndefined();
  });
});
