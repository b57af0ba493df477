// Acquirer latency (issue 27, ADR 0058, 0059): the time a customer waits for a payment to be
// created (POST /api/v1/checkout/complete) with the built-in sandbox bank, with
// PAYMENT_PROVIDER=kbzpay against the KBZPay stand-in and with PAYMENT_PROVIDER=wave against the
// Wave stand-in on 127.0.0.1, side by side in one run, and the time from each provider's signed
// callback to the order paid. Each server runs on a fresh DATA_DIR with the demo shop;
// ORDERS orders one after another per provider; medians printed.
//
//   npx tsx apps/server/bench/acquirer.bench.ts [--orders 5]
import fs from 'node:fs';
import { startKbzStandin } from '../src/test/standins/kbzpay.ts';
import { startWaveStandin } from '../src/test/standins/wave.ts';
import {
  call,
  mainJs,
  numberOption,
  percentile,
  signUp,
  spawnBenchServer,
  waitFor,
} from './server-process.mjs';

const ORDERS = numberOption('--orders', 5);
const built = fs.existsSync(mainJs);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

type Auth = Record<string, string>;

async function measure(
  label: string,
  env: Record<string, string>,
  afterCreate?: (reference: string) => Promise<void>,
  method: 'mmqr' | 'direct' = 'mmqr',
) {
  // PUBLIC_URL is the server's own address (spawnServer's default) unless `env` names another.
  const server = await spawnBenchServer(`bench-acquirer-${label}`, {
    source: !built,
    env: { LOG_LEVEL: 'warn', ...env },
  });
  const { base, dataDir, child } = server;
  try {
    await waitFor(`${base}/readyz`, child, label);
    const api = async (method: string, url: string, body?: unknown, headers?: Auth) =>
      (
        (await call(base, method, url, { body, headers })) as {
          json: { data: Record<string, unknown> };
        }
      ).json;
    const auth = (await signUp(base, dataDir, {
      name: 'Bench Acquirer',
      email: `acquirer.${String(Date.now())}@example.com`,
      phoneNumber: '09971234567',
      password: 'mingalaba-yangon-2030',
    })) as Auth;
    const products = (await api(
      'GET',
      '/api/v1/products/category/local-epins?limit=50',
    )) as unknown as {
      data: { id: string; outOfStock: boolean }[];
    };
    const product = products.data.find((p) => !p.outOfStock);
    if (!product) throw new Error('no E-PIN in stock');
    const creates: number[] = [];
    const paid: number[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      await api('POST', '/api/v1/cart/add', { productId: product.id, quantity: 1 }, auth);
      const order = await api('POST', '/api/v1/checkout/initialize', {}, auth);
      const started = performance.now();
      const payment = await api(
        'POST',
        '/api/v1/checkout/complete',
        { sessionId: order.data.orderId, paymentMethod: method },
        auth,
      );
      creates.push(performance.now() - started);
      if (afterCreate) {
        const payStarted = performance.now();
        await afterCreate(String(payment.data.paymentReference));
        for (;;) {
          const status = await api(
            'GET',
            `/api/v1/orders/${String(order.data.orderId)}/payment-status`,
            undefined,
            auth,
          );
          if (status.data.paymentStatus === 'paid') break;
          if (performance.now() - payStarted > 10_000) throw new Error('not paid after 10 s');
          await new Promise((r) => setTimeout(r, 20));
        }
        paid.push(performance.now() - payStarted);
      }
    }
    return { creates, paid };
  } finally {
    await server.stop();
  }
}

const kbz = await startKbzStandin();
const wave = await startWaveStandin();
let exitCode = 1;
try {
  const sandbox = await measure('sandbox', { PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX: 'true' });
  const kbzpay = await measure(
    'kbzpay',
    { PAYMENT_PROVIDER: 'kbzpay', ...kbz.env },
    async (reference) => {
      const replies = await kbz.pay(reference);
      if (replies.at(-1)?.body !== 'success')
        throw new Error(`callback answered ${JSON.stringify(replies)}`);
    },
  );
  const waveRun = await measure(
    'wave',
    { PAYMENT_PROVIDER: 'wave', ...wave.env },
    async (reference) => {
      const reply = await wave.callback(reference, 'PAYMENT_CONFIRMED');
      if (reply.status !== 200) throw new Error(`callback answered ${JSON.stringify(reply)}`);
    },
    'direct',
  );
  const ms = (values: number[]) =>
    `${median(values).toFixed(0)} ms (of ${values.map((v) => v.toFixed(0)).join(', ')})`;
  console.log(
    `${built ? 'built server' : 'sources via tsx'}, embedded database, ${String(ORDERS)} orders each`,
  );
  console.log(`create a payment (checkout/complete), sandbox bank: median ${ms(sandbox.creates)}`);
  console.log(
    `create a payment (checkout/complete), KBZPay stand-in: median ${ms(kbzpay.creates)}`,
  );
  console.log(
    `KBZ signed callback → order paid (callback answered 'success', then polled): median ${ms(kbzpay.paid)}`,
  );
  console.log(`create a payment (checkout/complete), Wave stand-in: median ${ms(waveRun.creates)}`);
  console.log(
    `Wave hashed callback → order paid (callback answered 200, then polled): median ${ms(waveRun.paid)}`,
  );
  exitCode = 0;
} catch (err) {
  console.error(err);
} finally {
  await kbz.close();
  await wave.close();
}
process.exit(exitCode);
