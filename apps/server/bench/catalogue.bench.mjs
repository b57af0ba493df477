#!/usr/bin/env node
// Catalogue API throughput (issue 4 budget, issue 13 target): the built server
// (apps/server/dist/main.js, fresh DATA_DIR with the demo data) against a bare Fastify server
// answering the same bytes with the same headers from memory, each in its own process, loaded with
// autocannon at 100 connections asking for brotli (`accept-encoding: br`, as browsers do): the shop
// sends the br form it keeps with each cached answer, the bare server the same compressed bytes.
// For the product listing, the categories and the banners. Budget, for each: at least 90 % of the
// bare rate (issue 13); and for the listing p99 under 50 ms (issue 4). Exits 1 when it fails.
//
//   node apps/server/bench/catalogue.bench.mjs [--duration 10] [--connections 100] [--share 0.9]
//
// Both servers close a keep-alive connection after 1000 requests (the shop's maxRequestsPerSocket:
// Connection: close on the 1000th answer, 503 to anything sent after it on that socket); autocannon
// ignores Connection: close, so it is told to reconnect every 1000 requests. The server CPU time
// per request (Linux /proc, user + system) of both is reported as well: it depends less than the
// rate on what else runs on the machine. README.md in this folder describes the method.
//
// `npm run build` first. Also importable: `runCatalogueBench({ duration, connections })` answers
// { results, passed } without exiting.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { cpuMs } from './load.mjs';
import {
  freePort,
  isMain,
  mainJs,
  numberOption,
  spawnServer,
  stop,
  waitFor,
} from './server-process.mjs';

/** Issue 13: each endpoint at least this share of the bare server's rate. */
const SHARE_OF_BARE = 0.9;
const LISTING_P99_MS = 50;
/** The shop's maxRequestsPerSocket (app.ts); the bare server gets the same. */
const REQUESTS_PER_SOCKET = 1000;
const ENCODING = 'br';
/** Headers of one answer, not of the representation: each server makes its own. */
const PER_ANSWER_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'x-request-id',
]);

const endpoints = [
  {
    name: 'product listing',
    url: '/api/v1/products/category/mobile-topup?page=1&limit=10',
    budget: true,
  },
  {
    name: 'categories',
    url: '/api/v1/categories/parents?isActive=true&sortField=order&sortOrder=asc',
  },
  { name: 'banners', url: '/api/v1/ads/banner' },
];

/** Load on `url` for `duration` s; `pid`'s CPU time per request over it (NaN without /proc). */
function load(base, url, duration, connections, pid) {
  const cpu0 = cpuMs(pid);
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base + url,
        connections,
        duration,
        reconnectRate: REQUESTS_PER_SOCKET,
        headers: { 'accept-language': 'my', 'accept-encoding': ENCODING },
      },
      (err, result) => {
        if (err) return reject(err);
        const cpu1 = cpuMs(pid);
        const answered = result.requests.total;
        resolve({
          ...result,
          cpuPerRequestMs:
            cpu0 === null || cpu1 === null || !answered ? NaN : (cpu1 - cpu0) / answered,
        });
      },
    );
  });
}

/**
 * Bare Fastify serving fixed bytes with fixed headers (and a fresh x-request-id, as the shop):
 * `node catalogue.bench.mjs --serve-bare <port> <fixture.json>`.
 */
async function serveBare(port, fixtureFile) {
  const { default: Fastify } = await import('fastify');
  const fixtures = JSON.parse(fs.readFileSync(fixtureFile, 'utf8'));
  const app = Fastify({
    logger: false,
    keepAliveTimeout: 10_000,
    maxRequestsPerSocket: REQUESTS_PER_SOCKET,
  });
  for (const f of fixtures) {
    const body = Buffer.from(f.body, 'base64');
    app.get(f.path, (_request, reply) =>
      reply.headers(f.headers).header('x-request-id', randomUUID()).send(body),
    );
  }
  app.get('/readyz', () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
}

/** A GET answered as sent: status, headers (lower-case names) and the raw body bytes. */
function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function runCatalogueBench({
  duration = 10,
  connections = 100,
  share = SHARE_OF_BARE,
  log = console.log,
} = {}) {
  if (!fs.existsSync(mainJs)) throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-catalogue-'));
  const children = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const shop = spawnServer({
      port,
      dataDir,
      // Production defaults otherwise (LOG_LEVEL info): the budget holds with access logs on.
      env: { REDIS_URL: '' },
    });
    children.push(shop);
    await waitFor(`${base}/readyz`, shop, 'shop server');

    // The bytes and headers the shop answers become the bare server's fixtures. Read with
    // node:http, which leaves the body as sent (fetch would decompress it).
    const fixtures = [];
    for (const e of endpoints) {
      const res = await rawGet(base + e.url, {
        'accept-language': 'my',
        'accept-encoding': ENCODING,
      });
      if (res.status !== 200)
        throw new Error(`${e.url} answered ${res.status}: ${res.body.toString()}`);
      if (res.headers['content-encoding'] !== ENCODING)
        throw new Error(`${e.url} is not sent ${ENCODING}-compressed`);
      const plain = zlib.brotliDecompressSync(res.body);
      const json = JSON.parse(plain.toString());
      const items = json.data ?? json.ads ?? [];
      if (items.length === 0)
        throw new Error(`${e.url} answered no items: is the demo data seeded?`);
      const headers = Object.fromEntries(
        Object.entries(res.headers).filter(([name]) => !PER_ANSWER_HEADERS.has(name)),
      );
      fixtures.push({ path: e.url.split('?')[0], headers, body: res.body.toString('base64') });
      log(
        `  ${e.name}: ${e.url} → ${plain.length} bytes, ${res.body.length} as ${ENCODING}, ${items.length} items, ${Object.keys(headers).length} headers`,
      );
    }
    const fixtureFile = path.join(dataDir, 'bare-fixtures.json');
    fs.writeFileSync(fixtureFile, JSON.stringify(fixtures));
    const barePort = await freePort();
    const bareBase = `http://127.0.0.1:${barePort}`;
    const bare = spawn(
      process.execPath,
      [fileURLToPath(import.meta.url), '--serve-bare', String(barePort), fixtureFile],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    children.push(bare);
    await waitFor(`${bareBase}/readyz`, bare, 'bare server');

    // Rounds alternate bare and shop, so a burst of other load on the machine hits both alike;
    // each figure is the median over the rounds.
    const rounds = Math.max(1, Math.round(duration / 2));
    const roundSeconds = Math.max(1, Math.round(duration / rounds));
    const median = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    };
    const results = [];
    for (const e of endpoints) {
      // Warm-up of both (JIT, caches, the garbage of start-up and seeding), then the measured rounds.
      await load(bareBase, e.url, 3, connections, bare.pid);
      await load(base, e.url, 3, connections, shop.pid);
      const bareRuns = [];
      const shopRuns = [];
      for (let round = 0; round < rounds; round++) {
        const pair = [
          () =>
            load(bareBase, e.url, roundSeconds, connections, bare.pid).then((r) =>
              bareRuns.push(r),
            ),
          () =>
            load(base, e.url, roundSeconds, connections, shop.pid).then((r) => shopRuns.push(r)),
        ];
        if (round % 2) pair.reverse();
        for (const run of pair) await run();
      }
      const row = {
        name: e.name,
        url: e.url,
        budget: Boolean(e.budget),
        bareRps: median(bareRuns.map((r) => r.requests.average)),
        bareP99: median(bareRuns.map((r) => r.latency.p99)),
        shopRps: median(shopRuns.map((r) => r.requests.average)),
        shopP99: median(shopRuns.map((r) => r.latency.p99)),
        shopErrors: shopRuns.reduce((n, r) => n + r.errors + r.non2xx + r.timeouts, 0),
        bareErrors: bareRuns.reduce((n, r) => n + r.errors + r.non2xx + r.timeouts, 0),
        shopCpuUs: median(shopRuns.map((r) => r.cpuPerRequestMs)) * 1000,
        bareCpuUs: median(bareRuns.map((r) => r.cpuPerRequestMs)) * 1000,
      };
      row.share = row.shopRps / row.bareRps;
      row.passed =
        row.share >= share &&
        row.shopErrors === 0 &&
        row.bareErrors === 0 &&
        (!row.budget || row.shopP99 < LISTING_P99_MS);
      row.rounds = {
        shopRps: shopRuns.map((r) => Math.round(r.requests.average)),
        shopP99: shopRuns.map((r) => r.latency.p99),
        bareRps: bareRuns.map((r) => Math.round(r.requests.average)),
        bareP99: bareRuns.map((r) => r.latency.p99),
      };
      results.push(row);
      log(
        `  ${e.name.padEnd(16)} shop ${row.shopRps.toFixed(0).padStart(6)} req/s p99 ${String(row.shopP99).padStart(3)} ms | ` +
          `bare ${row.bareRps.toFixed(0).padStart(6)} req/s p99 ${String(row.bareP99).padStart(3)} ms | ` +
          `${(row.share * 100).toFixed(0)}% of bare | CPU/request shop ${row.shopCpuUs.toFixed(0)} µs, bare ${row.bareCpuUs.toFixed(0)} µs` +
          `${row.shopErrors + row.bareErrors ? ` | errors shop ${row.shopErrors}, bare ${row.bareErrors}` : ''}`,
      );
      log(
        `    rounds: shop req/s ${row.rounds.shopRps.join(' ')} p99 ${row.rounds.shopP99.join(' ')} | ` +
          `bare req/s ${row.rounds.bareRps.join(' ')} p99 ${row.rounds.bareP99.join(' ')}`,
      );
    }

    const col = (v, w = 10) => String(v).padStart(w);
    log('');
    log(
      `  ${'endpoint'.padEnd(16)}${col('shop req/s', 12)}${col('bare req/s', 12)}${col('share', 8)}${col('shop p99')}` +
        `${col('CPU shop', 11)}${col('CPU bare', 11)}${col('CPU ratio', 11)}  budget`,
    );
    for (const r of results)
      log(
        `  ${r.name.padEnd(16)}${col(r.shopRps.toFixed(0), 12)}${col(r.bareRps.toFixed(0), 12)}${col(`${(r.share * 100).toFixed(0)} %`, 8)}` +
          `${col(`${r.shopP99} ms`)}${col(`${r.shopCpuUs.toFixed(0)} µs`, 11)}${col(`${r.bareCpuUs.toFixed(0)} µs`, 11)}` +
          `${col(`${((r.bareCpuUs / r.shopCpuUs) * 100).toFixed(0)} %`, 11)}  ≥ ${(share * 100).toFixed(0)} %${r.budget ? `, p99 < ${LISTING_P99_MS} ms` : ''}: ${r.passed ? 'PASS' : 'FAIL'}`,
      );
    const passed = results.every((r) => r.passed);
    log(
      `\n  catalogue reads (${ENCODING}, same bytes and headers as bare Fastify): ${passed ? 'PASS' : 'FAIL'}` +
        ' (CPU ratio: bare CPU per request / shop CPU per request)',
    );
    return { results, passed };
  } finally {
    await Promise.all(children.map(stop));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--serve-bare') {
    await serveBare(Number(args[1]), args[2]);
  } else {
    console.log(
      `catalogue API: built server vs bare Fastify, same ${ENCODING} bytes and headers, ${numberOption('--connections', 100)} connections`,
    );
    const { passed } = await runCatalogueBench({
      duration: numberOption('--duration', 10),
      connections: numberOption('--connections', 100),
      share: numberOption('--share', SHARE_OF_BARE),
    });
    process.exit(passed ? 0 : 1);
  }
}
