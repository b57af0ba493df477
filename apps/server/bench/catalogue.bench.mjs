#!/usr/bin/env node
// Catalogue API throughput (issue 4 budget): the built server (apps/server/dist/main.js, fresh
// DATA_DIR with the demo data) against a bare Fastify server answering the same bytes from memory,
// each in its own process, loaded with autocannon at 100 connections. Budget for the product
// listing: at least half the bare rate, and p99 under 50 ms. Exits 1 when the budget fails.
//
//   node apps/server/bench/catalogue.bench.mjs [--duration 10] [--connections 100]
//
// `npm run build` first. Also importable: `runCatalogueBench({ duration, connections })` answers
// { results, passed } without exiting.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import {
  freePort,
  isMain,
  mainJs,
  numberOption,
  spawnServer,
  stop,
  waitFor,
} from './server-process.mjs';

const LISTING_SHARE_OF_BARE = 0.5;
const LISTING_P99_MS = 50;

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

function load(base, url, duration, connections) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: base + url, connections, duration, headers: { 'accept-language': 'my' } },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** Bare Fastify serving fixed bytes: `node catalogue.bench.mjs --serve-bare <port> <fixture.json>`. */
async function serveBare(port, fixtureFile) {
  const { default: Fastify } = await import('fastify');
  const fixtures = JSON.parse(fs.readFileSync(fixtureFile, 'utf8'));
  const app = Fastify({ logger: false });
  for (const f of fixtures) {
    const body = Buffer.from(f.body, 'base64');
    app.get(f.path, (_request, reply) => reply.type(f.contentType).send(body));
  }
  app.get('/readyz', () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
  process.once('SIGINT', () => void app.close().then(() => process.exit(0)));
}

export async function runCatalogueBench({
  duration = 10,
  connections = 100,
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

    // The bytes the shop answers become the bare server's fixtures.
    const fixtures = [];
    for (const e of endpoints) {
      const res = await fetch(base + e.url, { headers: { 'accept-language': 'my' } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200)
        throw new Error(`${e.url} answered ${res.status}: ${body.toString()}`);
      const json = JSON.parse(body.toString());
      const items = json.data ?? json.ads ?? [];
      if (items.length === 0)
        throw new Error(`${e.url} answered no items: is the demo data seeded?`);
      fixtures.push({
        path: e.url.split('?')[0],
        contentType: res.headers.get('content-type'),
        body: body.toString('base64'),
      });
      log(`  ${e.name}: ${e.url} → ${body.length} bytes, ${items.length} items`);
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
      await load(bareBase, e.url, 3, connections);
      await load(base, e.url, 3, connections);
      const bareRuns = [];
      const shopRuns = [];
      for (let round = 0; round < rounds; round++) {
        const pair = [
          () => load(bareBase, e.url, roundSeconds, connections).then((r) => bareRuns.push(r)),
          () => load(base, e.url, roundSeconds, connections).then((r) => shopRuns.push(r)),
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
      };
      row.share = row.shopRps / row.bareRps;
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
          `${(row.share * 100).toFixed(0)}% of bare${row.shopErrors ? ` | ${row.shopErrors} errors` : ''}`,
      );
      log(
        `    rounds: shop req/s ${row.rounds.shopRps.join(' ')} p99 ${row.rounds.shopP99.join(' ')} | ` +
          `bare req/s ${row.rounds.bareRps.join(' ')} p99 ${row.rounds.bareP99.join(' ')}`,
      );
    }

    const listing = results.find((r) => r.budget);
    const passed =
      listing.share >= LISTING_SHARE_OF_BARE &&
      listing.shopP99 < LISTING_P99_MS &&
      listing.shopErrors === 0;
    log(
      `\n  budget (listing): ≥ ${LISTING_SHARE_OF_BARE * 100}% of bare → ${(listing.share * 100).toFixed(0)}%, ` +
        `p99 < ${LISTING_P99_MS} ms → ${listing.shopP99} ms, errors 0 → ${listing.shopErrors}: ${passed ? 'PASS' : 'FAIL'}`,
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
      `catalogue API: built server vs bare Fastify, ${numberOption('--connections', 100)} connections`,
    );
    const { passed } = await runCatalogueBench({
      duration: numberOption('--duration', 10),
      connections: numberOption('--connections', 100),
    });
    process.exit(passed ? 0 : 1);
  }
}
