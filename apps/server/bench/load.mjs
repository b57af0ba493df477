// What the load benchmarks share (cart, soak, capacity): an open-loop load generator, latency
// summaries, the CPU time and resident memory of a process read from Linux /proc, and add to cart
// as cart and capacity load it (its guests, products and budget).
// README.md in this folder describes the method.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import {
  call,
  freePort,
  mainJs,
  percentile,
  scratchDatabase,
  spawnServer,
  stop,
  waitFor,
} from './server-process.mjs';

/** PostgreSQL of the benchmarks; its role must be allowed to create databases. */
export const benchDatabaseUrl = () =>
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

/** Redis of the benchmarks (each run uses a key prefix of its own and deletes its keys). */
export const benchRedisUrl = () =>
  process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** What a browser sends: answers over 1 KiB come compressed, as to real customers. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ): 100 on every Linux we run on. */
const USER_HZ = 100;

/** CPU time (user + system, ms) process `pid` has used so far; null without Linux /proc. */
export function cpuMs(pid) {
  try {
    // Fields after the command name (which may hold spaces, hence the split on ") "): utime is
    // the 14th field of the line, stime the 15th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
  } catch {
    return null;
  }
}

/** Resident set size (bytes) of process `pid` now (VmRSS); null without Linux /proc. */
export function rssBytes(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

/** Count, p50, p95, p99 and max of latencies (ms). */
export function summarize(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/** "12.3 ms", or "–" for no value. */
export const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '–');

/** "123.4 MiB", or "–". */
export const mib = (bytes) =>
  Number.isFinite(bytes) && bytes !== null ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : '–';

/** "200×95 404×1" of a Map status → count. */
export const statusList = (statuses) =>
  [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s === 0 ? 'no answer' : s}×${n}`)
    .join(' ');

/**
 * Open-loop load: request i is due at start + i / rate seconds, whatever the earlier ones do (a
 * stalled server cannot slow the arrivals down, so it cannot hide queued requests: no coordinated
 * omission). Latency counts from the due time, waiting for a free socket included.
 *
 * `next(i)` gives the request: { base, method, path, headers, body (sent as JSON), kind (a label),
 * wantBody (parse the answer as JSON for `onAnswer`), onAnswer(status, json) } — or null to send
 * nothing in this slot (counted as `skipped`); `headers` go with every request. Runs `total` slots. Answers every request's
 * { kind, due (ms after the start), latency, status (0: no answer) } and `failures` (the first few
 * non-2xx answers and errors, for the report).
 *
 * The load is paced by this code rather than autocannon: autocannon's overallRate fires each
 * connection's share back to back at the start of every second, a burst rather than a steady rate.
 */
export function openLoop({
  rate,
  total,
  next,
  headers = {},
  timeoutMs = 10_000,
  maxSockets = 512,
}) {
  const agents = new Map();
  const agentFor = (base) => {
    let agent = agents.get(base);
    if (!agent) {
      agent = new http.Agent({ keepAlive: true, maxSockets });
      agents.set(base, agent);
    }
    return agent;
  };
  const interval = 1000 / rate;
  const results = [];
  const failures = [];
  let skipped = 0;
  let pending = 0;
  let sent = 0;
  let maxLag = 0;
  let lastEnd = 0;
  return new Promise((resolve) => {
    const t0 = performance.now();
    let ticking = true;
    const maybeDone = () => {
      if (ticking || pending > 0) return;
      for (const agent of agents.values()) agent.destroy();
      resolve({
        results,
        failures,
        skipped,
        total,
        elapsedMs: Math.max(lastEnd - t0, 0),
        sendLagMs: maxLag,
      });
    };
    const fire = (i) => {
      const due = t0 + i * interval;
      const spec = next(i);
      if (!spec) {
        skipped++;
        return;
      }
      maxLag = Math.max(maxLag, performance.now() - due);
      pending++;
      const { hostname, port } = new URL(spec.base);
      const payload = spec.body === undefined ? null : Buffer.from(JSON.stringify(spec.body));
      let settled = false;
      let timer;
      const settle = (status, text, error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const end = performance.now();
        lastEnd = Math.max(lastEnd, end);
        results.push({ kind: spec.kind, due: due - t0, latency: end - due, status });
        if ((error || status < 200 || status > 299) && failures.length < 10)
          failures.push(
            `${spec.kind}: ${spec.method} ${spec.path} → ${error ? `error ${error.code ?? error.message}` : `${status} ${text.slice(0, 200)}`}`,
          );
        if (spec.onAnswer) {
          let json = null;
          if (spec.wantBody && text) {
            try {
              json = JSON.parse(text);
            } catch {
              json = null;
            }
          }
          try {
            spec.onAnswer(status, json);
          } catch (err) {
            if (failures.length < 10) failures.push(`${spec.kind}: onAnswer threw ${err.message}`);
          }
        }
        pending--;
        maybeDone();
      };
      const req = http.request(
        {
          agent: agentFor(spec.base),
          hostname,
          port,
          path: spec.path,
          method: spec.method,
          headers: {
            'accept-language': 'my',
            ...headers,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': payload.length }
              : {}),
            ...spec.headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const ok = res.statusCode >= 200 && res.statusCode <= 299;
            // The body is decoded only when someone reads it.
            const text = spec.wantBody || !ok ? decode(res, Buffer.concat(chunks)) : '';
            settle(res.statusCode, text);
          });
          res.on('error', (err) => settle(0, '', err));
        },
      );
      timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)),
        Math.max(0, due + timeoutMs - performance.now()),
      );
      req.on('error', (err) => settle(0, '', err));
      req.end(payload ?? undefined);
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && t0 + sent * interval <= now) fire(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, t0 + sent * interval - performance.now()));
      else {
        ticking = false;
        maybeDone();
      }
    };
    tick();
  });
}

/** A body as text, decompressed as its Content-Encoding says. */
function decode(res, bytes) {
  switch (res.headers['content-encoding']) {
    case 'br':
      return zlib.brotliDecompressSync(bytes).toString();
    case 'gzip':
      return zlib.gunzipSync(bytes).toString();
    default:
      return bytes.toString();
  }
}

/** Counts of each status in `results` (0: no answer). */
export function statusesOf(results) {
  const statuses = new Map();
  for (const r of results) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  return statuses;
}

/** Answers that are not 2xx (no answer included). */
export const errorsOf = (results) => results.filter((r) => r.status < 200 || r.status > 299);

/** Runs `worker` over `items` with at most `limit` in flight; answers the results in order. */
export async function inPool(items, limit, worker) {
  const out = new Array(items.length);
  let nextIndex = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (nextIndex < items.length) {
        const i = nextIndex++;
        out[i] = await worker(items[i], i);
      }
    }),
  );
  return out;
}

/** A string option after `name` on the command line (`--setups one,two`), else `fallback`. */
export function stringOption(name, fallback) {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
}

/** A fresh guest id, as the server issues them (the web sends it in header gid). */
export const newGuestId = () => `guest_${Date.now()}_${randomBytes(16).toString('hex')}`;

/** Requests answered per second over a run of `seconds` (a run that ended early counts them all). */
export const achievedRate = (answered, elapsedMs, seconds) =>
  (answered / Math.max(elapsedMs, seconds * 1000)) * 1000;

// Add to cart as cart.bench and capacity.bench load it. Each guest makes ADDS_PER_GUEST adds of
// different products, so no line reaches the 20-unit cap and every add must succeed. The budget
// (issue 5), which capacity holds each step to: p95 under ADD_P95_MS, no failed add, at least
// ADD_RATE_SHARE of the offered rate answered.
export const ADDS_PER_GUEST = 5;
export const ADD_P95_MS = 50;
export const ADD_RATE_SHARE = 0.975;

/** The products of a category on sale now (active, in stock, not coming soon). */
export async function productsOnSale(base, category) {
  const { json } = await call(base, 'GET', `/api/v1/products/category/${category}?limit=50`);
  return json.data.filter((p) => p.status === 'active' && !p.outOfStock && !p.comingSoon);
}

/**
 * What the adds take: the top-ups, data packages and E-PINs on sale, and all of them as
 * `catalogue` (more than ADDS_PER_GUEST, else the demo data is missing).
 */
export async function productsToAdd(base) {
  const topups = await productsOnSale(base, 'mobile-topup');
  const data = await productsOnSale(base, 'data-package');
  const epins = (await productsOnSale(base, 'local-epins')).filter((p) => p.kind === 'epin');
  const catalogue = [...topups, ...data, ...epins];
  if (catalogue.length <= ADDS_PER_GUEST)
    throw new Error('too few products on sale: is the demo data seeded?');
  return { topups, data, epins, catalogue };
}

/** As many guests as `total` adds need, each made by `newGuest`; add i is guestOfAdd's. */
export const guestsFor = (total, newGuest) =>
  Array.from({ length: Math.ceil(total / ADDS_PER_GUEST) }, newGuest);

/** The guest that makes add `i`: adds i..i+4 share one. */
export const guestOfAdd = (guests, i) => guests[Math.floor(i / ADDS_PER_GUEST)];

/**
 * Add `i` of a run, for openLoop, sent with its guest's `headers`: consecutive adds take consecutive
 * products, so the adds of one guest are different products.
 */
export const addRequest = (base, catalogue, i, headers) => ({
  base,
  kind: 'add',
  method: 'POST',
  path: '/api/v1/cart/add',
  headers,
  body: { productId: catalogue[i % catalogue.length].id, quantity: 1 },
});

/** The built server must exist: the benchmarks run dist/main.js as `npm start` does. */
export function requireBuild() {
  if (!fs.existsSync(mainJs))
    throw new Error(`${mainJs} is missing: run \`npm run build -w @shop/server\` first`);
}

/**
 * `count` instances of the built server on one fresh PostgreSQL database (created here, dropped by
 * `close`), sharing Redis under a key prefix of this run (its keys deleted by `close`) and the
 * secrets, each with its own DATA_DIR (outbox), as README "Running several instances" describes.
 * They start at once (migrations and the demo seed run once, under the start-up lock). `redis`:
 * false runs without Redis (one instance only). Answers { instances: [{ name, port, base, pid,
 * dataDir }], database, close() }.
 */
export async function startShop({ count, redis = true, env = {}, log = console.log }) {
  requireBuild();
  const redisUrl = redis ? benchRedisUrl() : '';
  const prefix = `bench:${randomBytes(6).toString('hex')}:`;
  if (redis) await redisCall(redisUrl, (client) => client.ping());
  const database = await scratchDatabase(benchDatabaseUrl(), 'shop_bench');
  const instances = [];
  const close = async () => {
    await Promise.all(instances.map((i) => stop(i.child, 'SIGTERM')));
    for (const i of instances) fs.rmSync(i.dataDir, { recursive: true, force: true });
    await database
      .drop()
      .catch((err) => console.error(`  could not drop ${database.name}: ${err.message}`));
    if (redis)
      await redisCall(redisUrl, async (client) => {
        for (let cursor = '0'; ;) {
          const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length) await client.del(...keys);
          cursor = next;
          if (cursor === '0') break;
        }
      }).catch((err) =>
        console.error(`  could not delete the Redis keys ${prefix}*: ${err.message}`),
      );
  };
  try {
    const shared = {
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      TRUST_PROXY: 'true',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      PIN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      PAYMENT_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      ...env,
    };
    const t0 = Date.now();
    for (let n = 0; n < count; n++) {
      const port = await freePort();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `shop-bench-${n}-`));
      const child = spawnServer({ port, dataDir, env: shared });
      instances.push({
        name: String.fromCharCode(97 + n),
        port,
        base: `http://127.0.0.1:${port}`,
        pid: child.pid,
        child,
        dataDir,
      });
    }
    await Promise.all(
      instances.map((i) => waitFor(`${i.base}/readyz`, i.child, `instance ${i.name}`)),
    );
    log(
      `  ${count} instance${count > 1 ? 's' : ''} ready on ${database.name}${redis ? ` and Redis (prefix ${prefix})` : ''} in ${Date.now() - t0} ms`,
    );
    return { instances, database, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Runs `work` with a Redis client of `url`, then disconnects. */
async function redisCall(url, work) {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return await work(client);
  } catch (err) {
    throw new Error(`Redis at ${url}: ${err.message}`);
  } finally {
    client.disconnect();
  }
}
