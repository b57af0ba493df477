import { parseArgs } from 'node:util';
import { paymentMethodIds } from '@shop/contracts/checkout';
import type { PayableMethod } from './acquirer.ts';
import { runPaymentSmoke } from './payment-smoke.ts';

// `npm run smoke -- --provider kbzpay [--amount 100] [--method mmqr|direct] [--minutes 5] [--refund]`
// One tiny real payment against the provider the environment configures (payment-smoke.ts).

const usage =
  'usage: npm run smoke -- --provider <kbzpay|aplus|wave> [--amount <MMK, default 100>] [--method mmqr|direct] [--minutes <1-15, default 5>] [--refund]';
let values: {
  provider?: string;
  amount?: string;
  method?: string;
  minutes?: string;
  refund?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      provider: { type: 'string' },
      amount: { type: 'string' },
      method: { type: 'string' },
      minutes: { type: 'string' },
      refund: { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }));
} catch (err) {
  console.error(`${(err as Error).message}\n${usage}`);
  process.exit(2);
}
const amountMmk = Number(values.amount ?? '100');
const minutes = Number(values.minutes ?? '5');
const method = values.method ?? 'mmqr';
if (
  !values.provider ||
  !Number.isInteger(amountMmk) ||
  amountMmk < 1 ||
  amountMmk > 100_000 ||
  !Number.isInteger(minutes) ||
  minutes < 1 ||
  minutes > 15 ||
  !(paymentMethodIds as readonly string[]).includes(method) ||
  method === 'points'
) {
  console.error(usage);
  process.exit(2);
}

const publicUrl = (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, '');
try {
  const outcome = await runPaymentSmoke(
    {
      provider: values.provider,
      amountMmk,
      method: method as PayableMethod,
      windowSeconds: minutes * 60,
      pollEveryMs: 5_000,
      refund: values.refund === true,
    },
    {
      env: process.env,
      publicUrl,
      say: (line) => {
        console.log(line);
      },
    },
  );
  console.log(`smoke: ${outcome}`);
  process.exit(outcome === 'paid' || outcome === 'refunded' || outcome === 'created' ? 0 : 1);
} catch (err) {
  console.error(`smoke failed: ${(err as Error).message}`);
  process.exit(1);
}
