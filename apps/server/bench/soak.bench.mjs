#!/usr/bin/env node
// Soak (issue 13): two instances of the built server on one fresh PostgreSQL database and one
// Redis (a key prefix of this run), behind a round-robin proxy, under mixed traffic at a fixed
// arrival rate for a long time. Passes when no request fails and the p95 latency and each
// instance's resident memory of the last window are within +20 % of the first ("flat").
//
//   node apps/server/bench/soak.bench.mjs [--minutes 30] [--rate 200] [--customers 200]
//        [--window-minutes 5] [--warmup-seconds 60] [--refresh-after-seconds 600]
//
// The traffic (README.md in this folder, "Soak"): catalogue reads, guest and customer carts,
// purchases paid with the sandbox bank (top-ups, so stock never runs out), order reads and token
// refreshes, one request per arrival, open loop. Customers are registered, verified and signed in
// before the clock starts, each from an address of its own (X-Forwarded-For, TRUST_PROXY=true),
// so the per-address limits of a real shop hold as for real customers.
//
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
// (a database shop_bench_<random> is created and dropped). Redis: BENCH_REDIS_URL or TEST_REDIS_URL,
// else redis://127.0.0.1:6379. `npm run build -w @shop/server` first. Exits 1 on any error or a
// result that is not flat. Also importable: `runSoakBench(options)` answers { results, passed }.
import { performance } from 'node:perf_hooks';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuMs,
  errorsOf,
  inPool,
  mib,
  ms,
  newGuestId,
  openLoop,
  rssBytes,
  startShop,
  statusList,
  statusesOf,
  summarize,
} from './load.mjs';
import { proxyStats, spawnRoundRobin } from './round-robin.mjs';
import { call, freePort, isMain, mailedCodes, numberOption, stop } from './server-process.mjs';

/** Last window against the first: at most this much higher to be "flat". */
const FLAT_SHARE = 1.2;
/**
 * p95 is also flat when within this many milliseconds of the first window's: at a few
 * milliseconds, +20 % is one scheduler hiccup of a shared machine, not a trend.
 */
const FLAT_P95_GRACE_MS = 2;
const RSS_SAMPLE_MS = 2000;
/** A customer's access token lives 15 minutes; the web app refreshes it before that. */
const REFRESH_AFTER_SECONDS = 10 * 60;
const PREPARE_CONCURRENCY = 4;
const PASSWORD = 'Shwedagon-Mingalaba-2025!';

/**
 * The traffic mix: share of arrivals (percent) per kind of request. 86 % reads, 14 % writes.
 * The four purchase steps are one share each, taken in turn by the customers of the purchase
 * pipeline (see `purchaseStep`), so each is 2 % of the arrivals and 2 % × rate purchases a second.
 */
export const MIX = [
  ['product listing', 30],
  ['categories', 8],
  ['banners', 8],
  ['product', 8],
  ['guest cart add', 6],
  ['guest cart', 4],
  ['cart', 8],
  ['purchase', 8],
  ['orders', 10],
  ['order', 10],
];
const PURCHASE_STEPS = ['cart add', 'checkout initialize', 'checkout complete', 'sandbox pay'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** An address of its own for customer or visitor `n` (10.a.b.c). */
const address = (block, n) => `10.${block}.${(n >> 8) & 255}.${n & 255}`;

/** Mean of `samples` ({ t, value }) with t in [from, to). */
const meanIn = (samples, from, to) => {
  const inside = samples.filter((s) => s.t >= from && s.t < to && s.value !== null);
  return inside.length ? inside.reduce((n, s) => n + s.value, 0) / inside.length : NaN;
};

const change = (first, last) =>
  Number.isFinite(first) && Number.isFinite(last) && first > 0
    ? `${last >= first ? '+' : ''}${(((last - first) / first) * 100).toFixed(0)} %`
    : '–';

async function catalogueOf(base) {
  const get = async (url) => (await call(base, 'GET', url)).json;
  const categories = (
    await get('/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc')
  ).data;
  const listings = [];
  const products = [];
  for (const category of categories) {
    const key = category.slug ?? category.id;
    const first = await get(`/api/v1/products/category/${key}?page=1&limit=10`);
    if (!first.data.length) continue;
    listings.push(`/api/v1/products/category/${key}?page=1&limit=10`);
    if (first.meta?.totalPages > 1)
      listings.push(`/api/v1/products/category/${key}?page=2&limit=10`);
    const operators = [...new Set(first.data.map((p) => p.operator?.code).filter(Boolean))];
    for (const operator of operators)
      listings.push(`/api/v1/products/category/${key}?page=1&limit=10&operator=${operator}`);
    const all = await get(`/api/v1/products/category/${key}?limit=50`);
    products.push(...all.data.filter((p) => p.status === 'active' && !p.outOfStock));
  }
  const mytelTopups = products.filter(
    (p) =>
      p.kind === 'topup' && p.operator?.code === 'MYTEL' && (p.discountPrice ?? p.price) >= 1000,
  );
  // Guests add anything but card products (their stock is finite, and they are never bought here).
  const guestProducts = products.filter((p) => p.kind === 'topup' || p.kind === 'data');
  if (!mytelTopups.length || guestProducts.length < 5 || listings.length < 3)
    throw new Error('too few products on sale: is the demo data seeded?');
  return { listings, products, mytelTopups, guestProducts };
}

/**
 * Registers `count` customers through the proxy, each from its own address, verifies their
 * e-mail addresses with the codes the instances mailed (either instance may have sent one), signs
 * them in. Phone numbers are MyTel numbers ending in 1, never the simulator's test numbers.
 */
async function prepareCustomers(base, instances, count) {
  const people = Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    ip: address(1, i + 1),
    name: 'Soak Customer',
    email: `soak-${i + 1}@example.com`,
    phoneNumber: `0969${String(2_000_000 + (i + 1) * 10 + 1).padStart(7, '0')}`,
    password: PASSWORD,
  }));
  await inPool(people, PREPARE_CONCURRENCY, (p) =>
    call(base, 'POST', '/api/v1/auth/register', {
      body: { name: p.name, email: p.email, phoneNumber: p.phoneNumber, password: p.password },
      headers: { 'x-forwarded-for': p.ip },
      expect: [201],
    }),
  );
  const codes = new Map(instances.flatMap((i) => [...mailedCodes(i.dataDir)]));
  return inPool(people, PREPARE_CONCURRENCY, async (p) => {
    const otp = codes.get(p.email);
    if (!otp) throw new Error(`no code mailed to ${p.email}`);
    const headers = { 'x-forwarded-for': p.ip };
    await call(base, 'POST', '/api/v1/auth/verify/otp', { body: { email: p.email, otp }, headers });
    const { json } = await call(base, 'POST', '/api/v1/auth/login', {
      body: { email: p.email, password: p.password },
      headers,
    });
    return {
      ...p,
      accessToken: json.accessToken,
      refreshToken: json.refreshToken,
      tokenAt: performance.now(),
      refreshing: false,
      busy: false,
      step: 0,
      orderId: null,
      qr: null,
      orders: [],
    };
  });
}

export async function runSoakBench({
  minutes = 30,
  rate = 200,
  customers = 200,
  windowMinutes = 5,
  warmupSeconds = 60,
  refreshAfterSeconds = REFRESH_AFTER_SECONDS,
  log = console.log,
} = {}) {
  const durationMs = minutes * 60_000;
  // Short runs compare their first and last fifth.
  const windowMs = Math.min(windowMinutes * 60_000, durationMs / 5);
  // Not capped by the duration: a process needs its first minute (JIT, heap sizing) whatever the
  // run's length, and a short run compared against its own start-up would never look flat.
  const warmupMs = warmupSeconds * 1000;
  const shop = await startShop({ count: 2, log });
  let proxy;
  const sampler = { timer: undefined };
  try {
    const proxyPort = await freePort();
    proxy = await spawnRoundRobin(
      proxyPort,
      shop.instances.map((i) => i.port),
    );
    const base = `http://127.0.0.1:${proxyPort}`;
    const catalogue = await catalogueOf(base);
    const t1 = Date.now();
    const people = await prepareCustomers(base, shop.instances, customers);
    log(
      `  ${people.length} customers registered, verified and signed in (through the proxy) in ${((Date.now() - t1) / 1000).toFixed(1)} s; ` +
        `${catalogue.listings.length} listing pages, ${catalogue.products.length} products`,
    );

    // ---- The traffic ----
    const weights = MIX.map(([, w]) => w);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    const drawKind = () => {
      let x = Math.random() * totalWeight;
      for (const [kind, w] of MIX) if ((x -= w) < 0) return kind;
      return MIX[0][0];
    };
    const purchaseStepsPerSecond = (rate * MIX.find(([k]) => k === 'purchase')[1]) / totalWeight;
    // Customers buying right now: each gets a step about every 5 s, so a purchase takes ~20 s,
    // well inside the 5-minute payment window. Others come in as they finish.
    const pipelineSize = Math.max(
      4,
      Math.min(Math.floor(people.length / 2), Math.round(purchaseStepsPerSecond * 5)),
    );
    const pipeline = people.slice(0, pipelineSize);
    const waiting = people.slice(pipelineSize);
    let turn = 0;
    let webhookFailures = 0;
    const guests = [];
    const userHeaders = (c) => ({
      authorization: `Bearer ${c.accessToken}`,
      'x-forwarded-for': c.ip,
    });
    const visitor = () => ({ 'x-forwarded-for': address(2, 1 + Math.floor(Math.random() * 4000)) });

    /** A refresh instead of the customer's request when its access token is getting old. */
    const refreshFor = (c) => {
      if (c.refreshing || performance.now() - c.tokenAt < refreshAfterSeconds * 1000) return null;
      c.refreshing = true;
      return {
        base,
        kind: 'token refresh',
        method: 'POST',
        path: '/api/v1/auth/refresh-token',
        headers: { 'x-forwarded-for': c.ip },
        body: { refreshToken: c.refreshToken },
        wantBody: true,
        onAnswer: (status, json) => {
          c.refreshing = false;
          if (status === 200 && json?.accessToken) {
            c.accessToken = json.accessToken;
            if (json.refreshToken) c.refreshToken = json.refreshToken;
            c.tokenAt = performance.now();
          }
        },
      };
    };

    /** The next step of a purchase by the next customer of the pipeline that is not waiting for an answer. */
    const purchaseStep = () => {
      for (let tries = 0; tries < pipeline.length; tries++) {
        const slot = turn++ % pipeline.length;
        const c = pipeline[slot];
        if (c.busy) continue;
        const refresh = refreshFor(c);
        if (refresh) return refresh;
        c.busy = true;
        const done = (next) => (status, json) => {
          c.busy = false;
          if (status >= 200 && status <= 299) next(json);
          // A failed step is an error of the run; the customer starts over with an empty cart.
          else c.step = 0;
        };
        const headers = userHeaders(c);
        switch (c.step) {
          case 0:
            return {
              base,
              kind: PURCHASE_STEPS[0],
              method: 'POST',
              path: '/api/v1/cart/add',
              headers,
              body: {
                productId: pick(catalogue.mytelTopups).id,
                quantity: 1,
                phoneNumber: c.phoneNumber,
              },
              onAnswer: done(() => (c.step = 1)),
            };
          case 1:
            return {
              base,
              kind: PURCHASE_STEPS[1],
              method: 'POST',
              path: '/api/v1/checkout/initialize',
              headers,
              body: {},
              wantBody: true,
              onAnswer: done((json) => {
                c.orderId = json.data.orderId;
                c.step = 2;
              }),
            };
          case 2:
            return {
              base,
              kind: PURCHASE_STEPS[2],
              method: 'POST',
              path: '/api/v1/checkout/complete',
              headers,
              body: { sessionId: c.orderId, paymentMethod: 'mmqr' },
              wantBody: true,
              onAnswer: done((json) => {
                c.qr = json.data.paymentQrCode;
                c.step = 3;
              }),
            };
          default:
            return {
              base,
              kind: PURCHASE_STEPS[3],
              method: 'POST',
              path: '/api/v1/sandbox/bank/pay',
              headers: { 'x-forwarded-for': c.ip },
              body: { qrPayload: c.qr },
              wantBody: true,
              onAnswer: done((json) => {
                // The bank's call to the shop failed: the customer paid and the shop does not know.
                if (json?.data?.webhookStatus !== 200) webhookFailures++;
                c.orders.push(c.orderId);
                c.step = 0;
                // Done: the customer leaves the pipeline, the one waiting longest comes in.
                const leaving = pipeline.indexOf(c);
                const coming = waiting.shift();
                if (coming && leaving >= 0) {
                  pipeline[leaving] = coming;
                  waiting.push(c);
                }
              }),
            };
        }
      }
      return null;
    };

    const request = (kind) => {
      const get = (path, headers) => ({ base, kind, method: 'GET', path, headers });
      /** A signed-in customer's read, or the refresh their token is due for first. */
      const customerGet = (c, path) => refreshFor(c) ?? get(path, userHeaders(c));
      switch (kind) {
        case 'product listing':
          return get(pick(catalogue.listings), visitor());
        case 'categories':
          return get(
            '/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc',
            visitor(),
          );
        case 'banners':
          return get('/api/v1/ads/banner', visitor());
        case 'product':
          return get(`/api/v1/products/${pick(catalogue.products).id}`, visitor());
        case 'guest cart add': {
          // A guest adds a few products (different ones: no line reaches the 20-unit cap).
          let guest = guests.length ? guests[guests.length - 1] : null;
          if (!guest || guest.adds >= 3) {
            guest = { gid: newGuestId(), ip: visitor()['x-forwarded-for'], adds: 0 };
            guests.push(guest);
            if (guests.length > 500) guests.shift();
          }
          const product = catalogue.guestProducts[guest.adds++ % catalogue.guestProducts.length];
          return {
            base,
            kind,
            method: 'POST',
            path: '/api/v1/cart/add',
            headers: { gid: guest.gid, 'x-forwarded-for': guest.ip },
            body: { productId: product.id, quantity: 1 },
          };
        }
        case 'guest cart': {
          const guest = guests.length ? pick(guests) : null;
          if (!guest) return request('banners');
          return get('/api/v1/cart', { gid: guest.gid, 'x-forwarded-for': guest.ip });
        }
        case 'cart':
          return customerGet(pick(people), '/api/v1/cart');
        case 'purchase':
          return purchaseStep() ?? request('orders');
        case 'orders':
          return customerGet(pick(people), '/api/v1/orders?page=1&limit=10');
        default: {
          // 'order': one of the customer's orders, read back (as the order page and its polling do).
          const c = pick(people);
          if (!c.orders.length) return request('orders');
          return (
            refreshFor(c) ?? {
              ...get(`/api/v1/orders/${pick(c.orders)}`, userHeaders(c)),
              kind: 'order',
            }
          );
        }
      }
    };

    // ---- Resident memory and CPU of each instance, sampled as the load runs ----
    const samples = shop.instances.map(() => []);
    const cpu = shop.instances.map(() => []);
    const t0 = performance.now();
    const sample = () => {
      const t = performance.now() - t0;
      shop.instances.forEach((i, n) => {
        samples[n].push({ t, value: rssBytes(i.pid) });
        cpu[n].push({ t, value: cpuMs(i.pid) });
      });
    };
    sample();
    sampler.timer = setInterval(sample, RSS_SAMPLE_MS);

    const totalMs = warmupMs + durationMs;
    log(
      `  load: ${rate} req/s for ${(warmupMs / 1000).toFixed(0)} s warm-up + ${(durationMs / 60_000).toFixed(1)} min measured; ` +
        `windows of ${(windowMs / 1000).toFixed(0)} s; ${pipelineSize} customers buying at a time`,
    );
    const run = await openLoop({
      rate,
      total: Math.round((rate * totalMs) / 1000),
      next: () => request(drawKind()),
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    clearInterval(sampler.timer);
    sample();
    const served = await proxyStats(proxyPort);

    // ---- Orders: every paid one fulfilled (the job workers of both instances drain the queue) ----
    const ordersPaid = people.reduce((n, c) => n + c.orders.length, 0);
    const orderStates = await waitForFulfilment(shop.database.url, ordersPaid);

    // ---- Report ----
    const measured = run.results.filter((r) => r.due >= warmupMs);
    const errors = errorsOf(measured);
    const warmupErrors = errorsOf(run.results.filter((r) => r.due < warmupMs));
    const firstFrom = warmupMs;
    const lastFrom = totalMs - windowMs;
    const windowStats = (from, to) =>
      summarize(measured.filter((r) => r.due >= from && r.due < to).map((r) => r.latency));
    const first = windowStats(firstFrom, firstFrom + windowMs);
    const last = windowStats(lastFrom, totalMs);
    const all = summarize(measured.map((r) => r.latency));
    const rss = shop.instances.map((_, n) => ({
      first: meanIn(samples[n], firstFrom, firstFrom + windowMs),
      last: meanIn(samples[n], lastFrom, totalMs + RSS_SAMPLE_MS),
    }));
    /** Share of one core the instance used in a window. */
    const cpuShare = (n, from, to) => {
      const inside = cpu[n].filter((s) => s.t >= from && s.t <= to && s.value !== null);
      if (inside.length < 2) return NaN;
      const a = inside[0];
      const b = inside[inside.length - 1];
      return (b.value - a.value) / (b.t - a.t);
    };
    const p95Flat = last.p95 <= Math.max(first.p95 * FLAT_SHARE, first.p95 + FLAT_P95_GRACE_MS);
    const rssFlat = rss.every((r) => r.last <= r.first * FLAT_SHARE);
    const failedOrders = orderStates.failed + orderStates.unfinished;
    const achieved = (measured.length / durationMs) * 1000;
    const passed =
      errors.length === 0 &&
      warmupErrors.length === 0 &&
      webhookFailures === 0 &&
      failedOrders === 0 &&
      p95Flat &&
      rssFlat;

    log('');
    log(
      `  requests ${measured.length} measured (+${run.results.length - measured.length} warm-up), ${achieved.toFixed(1)} req/s; ` +
        `errors ${errors.length} (warm-up ${warmupErrors.length}); statuses ${statusList(statusesOf(measured))}; ` +
        `client send lag max ${ms(run.sendLagMs)}; proxy sent ${served.served.join(' / ')} to the instances`,
    );
    for (const f of run.failures) log(`    failure: ${f}`);
    log(
      `  purchases paid ${ordersPaid} (webhook not 200: ${webhookFailures}): ${orderStates.completed} completed, ${orderStates.failed} failed, ${orderStates.unfinished} unfinished ` +
        `(${orderStates.waitedMs} ms after the load)`,
    );
    log('');
    const head = (label) => label.padEnd(22);
    const col = (s, w = 10) => String(s).padStart(w);
    log(
      `  ${head('window')}${col('requests')}${col('p50')}${col('p95')}${col('p99')}` +
        shop.instances.map((i) => `${col(`RSS ${i.name}`, 12)}${col(`CPU ${i.name}`)}`).join(''),
    );
    const windowRow = (label, stats, from, to, which) =>
      log(
        `  ${head(label)}${col(stats.count)}${col(ms(stats.p50))}${col(ms(stats.p95))}${col(ms(stats.p99))}` +
          shop.instances
            .map(
              (_, n) =>
                `${col(mib(rss[n][which]), 12)}${col(`${(cpuShare(n, from, to) * 100).toFixed(0)} %`)}`,
            )
            .join(''),
      );
    const minutesOf = (t) => (t / 60_000).toFixed(1);
    windowRow(
      `first ${minutesOf(firstFrom - warmupMs)}–${minutesOf(firstFrom - warmupMs + windowMs)} min`,
      first,
      firstFrom,
      firstFrom + windowMs,
      'first',
    );
    windowRow(
      `last ${minutesOf(lastFrom - warmupMs)}–${minutesOf(totalMs - warmupMs)} min`,
      last,
      lastFrom,
      totalMs,
      'last',
    );
    log(
      `  ${head('change')}${col('')}${col(change(first.p50, last.p50))}${col(change(first.p95, last.p95))}${col(change(first.p99, last.p99))}` +
        rss.map((r) => `${col(change(r.first, r.last), 12)}${col('')}`).join(''),
    );
    log(
      `  ${head('whole run')}${col(all.count)}${col(ms(all.p50))}${col(ms(all.p95))}${col(ms(all.p99))}`,
    );
    log('');
    log(
      `  ${'kind'.padEnd(22)}${col('share')}${col('count')}${col('p50')}${col('p95')}${col('p99')}${col('errors')}`,
    );
    const order = [...MIX.map(([k]) => k), ...PURCHASE_STEPS, 'token refresh'];
    const kinds = [...new Set(measured.map((r) => r.kind))].sort(
      (a, b) => order.indexOf(a) - order.indexOf(b),
    );
    for (const kind of kinds) {
      const of = measured.filter((r) => r.kind === kind);
      const s = summarize(of.map((r) => r.latency));
      log(
        `  ${kind.padEnd(22)}${col(`${((of.length / measured.length) * 100).toFixed(1)} %`)}${col(s.count)}${col(ms(s.p50))}${col(ms(s.p95))}${col(ms(s.p99))}${col(errorsOf(of).length)}`,
      );
    }
    log('');
    log(
      `  flat (last window ≤ +${((FLAT_SHARE - 1) * 100).toFixed(0)} % of the first; p95 also within ${FLAT_P95_GRACE_MS} ms): ` +
        `p95 ${p95Flat ? 'flat' : 'NOT flat'}, RSS ${rssFlat ? 'flat' : 'NOT flat'}; errors ${errors.length + warmupErrors.length}, ` +
        `orders not completed ${failedOrders} → ${passed ? 'PASS' : 'FAIL'}`,
    );
    return {
      results: {
        requests: measured.length,
        errors: errors.length,
        first,
        last,
        all,
        rss,
        orderStates,
        p95Flat,
        rssFlat,
      },
      passed,
    };
  } finally {
    clearInterval(sampler.timer);
    if (proxy) await stop(proxy);
    await shop.close();
  }
}

/**
 * Waits (up to 60 s) until no order is pending or processing any more; answers the counts of the
 * orders by outcome. Read from the database: the orders are the shop's record.
 */
async function waitForFulfilment(databaseUrl, expected) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const t0 = Date.now();
  try {
    for (;;) {
      const { rows } = await client.query(
        `select status, payment_status, count(*)::int as n from orders group by status, payment_status`,
      );
      const count = (test) => rows.filter(test).reduce((n, r) => n + r.n, 0);
      const paid = (r) => r.payment_status === 'paid';
      const states = {
        completed: count((r) => paid(r) && r.status === 'completed'),
        failed: count((r) => r.status === 'failed'),
        unfinished: count((r) => paid(r) && (r.status === 'pending' || r.status === 'processing')),
        waitedMs: Date.now() - t0,
      };
      if (
        (states.unfinished === 0 && states.completed + states.failed >= expected) ||
        Date.now() - t0 > 60_000
      )
        return states;
      await new Promise((r) => setTimeout(r, 500));
    }
  } finally {
    await client.end();
  }
}

if (isMain(import.meta.url)) {
  const options = {
    minutes: numberOption('--minutes', 30),
    rate: numberOption('--rate', 200),
    customers: numberOption('--customers', 200),
    windowMinutes: numberOption('--window-minutes', 5),
    warmupSeconds: numberOption('--warmup-seconds', 60),
    refreshAfterSeconds: numberOption('--refresh-after-seconds', REFRESH_AFTER_SECONDS),
  };
  console.log(
    `soak: two instances on PostgreSQL and Redis behind a round-robin proxy, ${options.rate} req/s of mixed traffic ` +
      `for ${options.minutes} min, ${options.customers} customers\n` +
      `  mix: ${MIX.map(([k, w]) => `${k} ${w} %`).join(', ')} (purchase = ${PURCHASE_STEPS.join(' → ')}, one step per arrival)`,
  );
  const { passed } = await runSoakBench(options);
  process.exit(passed ? 0 : 1);
}
