#!/usr/bin/env node
// Fulfilment latency (issue 6 budget): payment webhook → order completed for E-PIN orders on the
// embedded database, p95 under 1 s. The built server (apps/server/dist/main.js; the TypeScript
// sources through tsx when there is no build) starts on a fresh DATA_DIR with the demo shop;
// BUYERS customers each buy ORDERS E-PINs one after another, paying in the sandbox bank, which
// calls the signed webhook over HTTP. Latency per order is the server's own completedAt − paidAt
// (paidAt is the moment the bank reports, just before it sends the webhook). Exits 1 over budget.
//
//   node apps/server/bench/fulfilment.bench.mjs [--buyers 4] [--orders 25]
import fs from 'node:fs';
import {
  call,
  mainJs,
  numberOption,
  percentile,
  signUp,
  spawnBenchServer,
  waitFor,
} from './server-process.mjs';

const P95_BUDGET_MS = 1000;
const BUYERS = numberOption('--buyers', 4);
const ORDERS = numberOption('--orders', 25);

const built = fs.existsSync(mainJs);
const server = await spawnBenchServer('bench-fulfil', {
  source: !built,
  env: { LOG_LEVEL: 'warn' },
});
const { base, dataDir, child } = server;

const api = async (method, url, body, headers) =>
  (await call(base, method, url, { body, headers })).json;

const customer = (n) =>
  signUp(base, dataDir, {
    name: `Bench ${n}`,
    email: `bench${n}.${Date.now()}@example.com`,
    phoneNumber: `0997${String(1_000_000 + n * 7919).slice(-7)}`,
    password: 'mingalaba-yangon-2030',
  });

let exitCode = 1;
try {
  await waitFor(`${base}/readyz`, child, 'server');
  const epins = (await api('GET', '/api/v1/products/category/local-epins?limit=50')).data.filter(
    (p) => !p.outOfStock,
  );
  if (epins.length * 25 < BUYERS * ORDERS) throw new Error('not enough demo card stock');
  const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, i) => customer(i + 1)));
  let next = 0;
  const started = Date.now();
  await Promise.all(
    buyers.map(async (auth) => {
      for (let i = 0; i < ORDERS; i++) {
        const product = epins[next++ % epins.length];
        await api('POST', '/api/v1/cart/add', { productId: product.id, quantity: 1 }, auth);
        const order = await api('POST', '/api/v1/checkout/initialize', {}, auth);
        const payment = await api(
          'POST',
          '/api/v1/checkout/complete',
          { sessionId: order.data.orderId, paymentMethod: 'mmqr' },
          auth,
        );
        const paid = await api('POST', '/api/v1/sandbox/bank/pay', {
          qrPayload: payment.data.paymentQrCode,
        });
        if (paid.data.webhookStatus !== 200)
          throw new Error(`webhook answered ${paid.data.webhookStatus}`);
      }
    }),
  );
  const buying = Date.now() - started;
  const latencies = [];
  const deadline = Date.now() + 60_000;
  for (const auth of buyers) {
    for (;;) {
      const { data } = await api('GET', `/api/v1/orders?limit=50`, undefined, auth);
      if (data.length === ORDERS && data.every((o) => o.status === 'completed')) {
        for (const o of data) latencies.push(Date.parse(o.completedAt) - Date.parse(o.paidAt));
        break;
      }
      if (Date.now() > deadline) throw new Error('orders not completed after 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  latencies.sort((a, b) => a - b);
  const p50 = percentile(latencies, 50);
  const p95 = percentile(latencies, 95);
  const max = latencies.at(-1);
  console.log(
    `${latencies.length} E-PIN orders (${BUYERS} buyers × ${ORDERS}, ${built ? 'built server' : 'sources via tsx'}, embedded database), bought in ${(buying / 1000).toFixed(1)} s`,
  );
  console.log(
    `webhook → completed: p50 ${p50} ms, p95 ${p95} ms, max ${max} ms (budget p95 < ${P95_BUDGET_MS} ms)`,
  );
  exitCode = p95 < P95_BUDGET_MS ? 0 : 1;
  console.log(exitCode === 0 ? 'PASS' : 'FAIL: p95 over budget');
} catch (err) {
  console.error(err);
} finally {
  await server.stop();
}
process.exit(exitCode);
