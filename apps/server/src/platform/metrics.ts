import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type LabelValues,
} from 'prom-client';
import { systemClock, type Clock } from './clock.ts';
import type { PoolStats } from './db.ts';
import { errorBody } from './errors.ts';

/**
 * Prometheus metrics (issue 17 "Operability", ADR 0034). One registry per app, so several apps in
 * one process (the tests) never meet prom-client's "already registered". Process metrics (HTTP,
 * jobs, top-ups, event loop, pool) are this instance's own; the counts read from the database at
 * scrape time are the same on every instance.
 */

/** What the app's modules count in the database, read when /metrics is scraped. */
export interface MetricsSources {
  engine: 'pglite' | 'postgres';
  poolStats(): PoolStats | null;
  orders(): Promise<{ status: string; count: number }[]>;
  payments(): Promise<{ status: string; count: number }[]>;
  paymentReceipts(): Promise<{ outcome: string; count: number }[]>;
  jobs(): Promise<{ type: string; status: string; count: number }[]>;
  jobTypes: readonly string[];
  stock(): Promise<{ sku: string; kind: string; count: number }[]>;
  refunds(): Promise<{ status: string; destination: string; count: number; kyat: number }[]>;
  refundStatuses: readonly string[];
  refundDestinations: readonly string[];
  /** Every value a status column may take, reported as 0 when no row has it. */
  orderStatuses: readonly string[];
  paymentStatuses: readonly string[];
  receiptOutcomes: readonly string[];
}

export type JobOutcome = 'done' | 'retry' | 'contention' | 'failed';
export type TopupOutcome = 'success' | 'failed' | 'no_answer';
/** An SMS the gateway accepted (sent), then its receipt's or refusal's end (ADR 0061). */
export type SmsCount = 'sent' | 'delivered' | 'failed';

/** The instruments other modules feed (job worker, top-up client). */
export interface ShopMetrics {
  readonly registry: Registry;
  /** A job ran: its handler's time and what became of it; waitedMs from due to claimed. */
  jobRan(type: string, outcome: JobOutcome, seconds: number, waitedSeconds: number): void;
  /** The top-up aggregator answered (or did not) after `seconds`. */
  topupAnswered(provider: string, outcome: TopupOutcome, seconds: number): void;
  /** An SMS reached `status` at its gateway (shop_sms_messages_total). */
  smsCounted(provider: string, status: SmsCount): void;
}

/** The route label of answers no route gave: the web app's pages (rendered or not) and 404s. */
export const NO_ROUTE = '(no route)';
/** The database counts are read at most this often, however many scrapers ask. */
const DB_SNAPSHOT_MAX_AGE_MS = 5_000;
const JOB_STATUSES = ['queued', 'running', 'failed'] as const;

/** Seconds; the API's answers are mostly milliseconds, documents and renders up to seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Jobs and top-ups: an aggregator answers in seconds; a job with a slow one takes longer. */
const SLOW_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/**
 * Measuring never changes what it measures: prom-client throws on a value that is not a finite
 * number, and a throw here would turn a completed job into a retried one or a top-up's answer into
 * "no answer". Such a sample is dropped instead.
 */
function safely(observe: () => void): void {
  try {
    observe();
  } catch {
    // Dropped: the only throws are prom-client's checks of a value or a label.
  }
}

export function createShopMetrics(): ShopMetrics & {
  observeHttp(method: string, route: string, status: number, seconds: number): void;
  http: Histogram<'method' | 'route' | 'status_code'>;
} {
  const registry = new Registry();
  // process_* and nodejs_* (CPU, memory, heap, GC, handles, event-loop lag): the names Grafana's
  // Node.js dashboards expect.
  collectDefaultMetrics({ register: registry });
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  const http = histogram(
    'http_request_duration_seconds',
    'Time from request received to answer sent, per route pattern',
    ['method', 'route', 'status_code'],
    HTTP_BUCKETS,
  );
  const jobDuration = histogram(
    'shop_job_duration_seconds',
    'Time a background job ran, per type and outcome',
    ['type', 'outcome'],
    SLOW_BUCKETS,
  );
  const jobWait = histogram(
    'shop_job_wait_seconds',
    'Time from a job being due to a worker of this instance claiming it',
    ['type'],
    SLOW_BUCKETS,
  );
  const topupDuration = histogram(
    'shop_topup_request_duration_seconds',
    'Time the top-up aggregator took to answer one request',
    ['provider', 'outcome'],
    SLOW_BUCKETS,
  );
  const topupErrors = counter(
    'shop_topup_errors_total',
    'Top-up requests that did not succeed: declined by the aggregator, or no answer',
    ['provider', 'reason'],
  );
  const smsMessages = counter(
    'shop_sms_messages_total',
    'SMS per gateway: accepted (sent), then delivered or failed by its receipt or refusal',
    ['provider', 'status'],
  );
  return {
    registry,
    http,
    // About 0.4 µs per answer (prom-client hashes the labels each time; a cached child
    // measured no faster, as it does the same): see ADR 0034 for the measured cost.
    observeHttp(method, route, status, seconds) {
      safely(() => {
        http.observe({ method, route, status_code: String(status) }, seconds);
      });
    },
    jobRan(type, outcome, seconds, waitedSeconds) {
      safely(() => {
        jobDuration.observe({ type, outcome }, seconds);
        jobWait.observe({ type }, Math.max(0, waitedSeconds));
      });
    },
    topupAnswered(provider, outcome, seconds) {
      safely(() => {
        topupDuration.observe({ provider, outcome }, seconds);
        if (outcome !== 'success')
          topupErrors.inc({ provider, reason: outcome === 'failed' ? 'declined' : 'no_answer' });
      });
    },
    smsCounted(provider, status) {
      safely(() => {
        smsMessages.inc({ provider, status });
      });
    },
  };
}

/** Gauges of database counts and the pool, refreshed before a scrape is answered. */
function createDatabaseGauges(
  registry: Registry,
  sources: MetricsSources,
  log: FastifyBaseLogger,
  clock: Clock,
) {
  const gauge = <L extends string>(name: string, help: string, labelNames: L[]) =>
    new Gauge<L>({ name, help, labelNames, registers: [registry] });
  const orders = gauge('shop_orders', 'Orders per status (database, every instance alike)', [
    'status',
  ]);
  const payments = gauge(
    'shop_payments',
    'Payment attempts (QRs, transfers) per status (database, every instance alike)',
    ['status'],
  );
  const receipts = gauge(
    'shop_payment_receipts',
    'Payments the acquirer reported, per outcome: applied or kept for a refund (database)',
    ['outcome'],
  );
  const jobs = gauge('shop_jobs', 'Background jobs queued, running or failed (database)', [
    'type',
    'status',
  ]);
  const stock = gauge(
    'shop_stock_free_cards',
    'E-PIN and gift cards on sale per product: sellable and held by no pending order (database)',
    ['sku', 'kind'],
  );
  const refunds = gauge(
    'shop_refunds',
    'Refunds of failed orders per status (refund_pending: owed) and destination (database)',
    ['status', 'destination'],
  );
  const refundKyat = gauge(
    'shop_refunds_kyat',
    'Kyat of those refunds per status and destination (database)',
    ['status', 'destination'],
  );
  const up = gauge(
    'shop_metrics_database_up',
    '1 when the last database read of a scrape worked',
    [],
  );
  const readSeconds = gauge(
    'shop_metrics_database_read_seconds',
    'Time the last database read of a scrape took',
    [],
  );
  const info = gauge('shop_database_info', 'The database engine (value 1)', ['engine']);
  info.set({ engine: sources.engine }, 1);
  // node-postgres's pool; PGlite has one in-process connection and no pool, so these are absent.
  if (sources.engine === 'postgres') {
    const pool = (name: string, help: string, pick: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const stats = sources.poolStats();
          if (stats) this.set(pick(stats));
        },
      });
    pool('shop_db_pool_connections', 'Connections of the pool open (busy or idle)', (s) => s.total);
    pool('shop_db_pool_idle_connections', 'Connections of the pool open and idle', (s) => s.idle);
    pool(
      'shop_db_pool_waiting_requests',
      'Queries waiting for a connection (every one busy, the pool at its max)',
      (s) => s.waiting,
    );
    pool('shop_db_pool_max_connections', 'Most connections the pool opens', (s) => s.max);
  }

  const setAll = <L extends string>(
    g: Gauge<L>,
    rows: { labels: LabelValues<L>; count: number }[],
    zeros: LabelValues<L>[],
  ) => {
    g.reset();
    for (const labels of zeros) g.set(labels, 0);
    for (const row of rows) g.inc(row.labels, row.count);
  };

  async function read(): Promise<void> {
    const started = process.hrtime.bigint();
    try {
      const [o, p, r, j, s, f] = await Promise.all([
        sources.orders(),
        sources.payments(),
        sources.paymentReceipts(),
        sources.jobs(),
        sources.stock(),
        sources.refunds(),
      ]);
      setAll(
        orders,
        o.map((row) => ({ labels: { status: row.status }, count: row.count })),
        sources.orderStatuses.map((status) => ({ status })),
      );
      setAll(
        payments,
        p.map((row) => ({ labels: { status: row.status }, count: row.count })),
        sources.paymentStatuses.map((status) => ({ status })),
      );
      setAll(
        receipts,
        r.map((row) => ({ labels: { outcome: row.outcome }, count: row.count })),
        sources.receiptOutcomes.map((outcome) => ({ outcome })),
      );
      setAll(
        jobs,
        j.map((row) => ({ labels: { type: row.type, status: row.status }, count: row.count })),
        sources.jobTypes.flatMap((type) => JOB_STATUSES.map((status) => ({ type, status }))),
      );
      setAll(
        stock,
        s.map((row) => ({ labels: { sku: row.sku, kind: row.kind }, count: row.count })),
        [],
      );
      const refundLabels = sources.refundStatuses.flatMap((status) =>
        sources.refundDestinations.map((destination) => ({ status, destination })),
      );
      setAll(
        refunds,
        f.map(({ status, destination, count }) => ({ labels: { status, destination }, count })),
        refundLabels,
      );
      setAll(
        refundKyat,
        f.map(({ status, destination, kyat }) => ({
          labels: { status, destination },
          count: kyat,
        })),
        refundLabels,
      );
      up.set(1);
    } catch (err) {
      // The process metrics are still worth a scrape: the database's are left out, not stale.
      log.warn({ err }, 'metrics: the database counts could not be read');
      for (const g of [orders, payments, receipts, jobs, stock, refunds, refundKyat]) g.reset();
      up.set(0);
    }
    readSeconds.set(Number(process.hrtime.bigint() - started) / 1e9);
  }

  let last = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<void> | null = null;
  return {
    /** Reads the counts unless read in the last few seconds; concurrent scrapes share one read. */
    refresh(): Promise<void> {
      if (inFlight) return inFlight;
      if (Math.abs(clock().getTime() - last) < DB_SNAPSHOT_MAX_AGE_MS) return Promise.resolve();
      inFlight = read().finally(() => {
        last = clock().getTime();
        inFlight = null;
      });
      return inFlight;
    },
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the Authorization header carries this bearer token; constant time in the token. */
export function hasBearerToken(header: string | undefined, token: string): boolean {
  const match = header === undefined ? null : /^Bearer +(\S+) *$/i.exec(header);
  // Compared as SHA-256 digests: equal lengths always, so neither the length nor a prefix of the
  // token leaks through the time the comparison takes.
  return timingSafeEqual(digest(match?.[1] ?? ''), digest(token)) && match !== null;
}

/**
 * The HTTP histogram's hook, first thing in buildApp so it times every route. Only with a
 * METRICS_TOKEN: without one nothing is measured.
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: ReturnType<typeof createShopMetrics>,
): void {
  // A callback hook, as app.ts's others: no promise per answer. The route's pattern, never the
  // URL, so ids stay out of the labels.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(
      request.method,
      request.routeOptions.url ?? NO_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * GET /metrics: the Prometheus text format to `Authorization: Bearer <METRICS_TOKEN>`, else 401;
 * when no token is configured (metrics null) a 404 like any unknown path, also when the web app's
 * pages would otherwise answer it.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  options: {
    token: string | null;
    metrics: ShopMetrics | null;
    sources: MetricsSources;
    /** When the database counts were read is told by this (tests move it). */
    clock?: Clock;
  },
): void {
  const { token, metrics } = options;
  const gauges =
    token && metrics
      ? createDatabaseGauges(
          metrics.registry,
          options.sources,
          app.log,
          options.clock ?? systemClock,
        )
      : null;
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!token || !metrics || !gauges)
      return reply
        .status(404)
        .send(errorBody('NOT_FOUND', `Route ${request.method} /metrics not found`));
    if (!hasBearerToken(request.headers.authorization, token))
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send(errorBody('UNAUTHORIZED', 'This needs the metrics bearer token'));
    await gauges.refresh();
    const text = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
