import { parseArgs } from 'node:util';
import type { PayableMethod } from './modules/payments/acquirer.ts';
import { runPaymentSmoke } from './modules/payments/payment-smoke.ts';
import { runTopupSmoke } from './modules/fulfilment/topup-smoke.ts';

// `npm run smoke -- --provider <name> …`: one tiny real payment (kbzpay, aplus, wave:
// modules/payments/payment-smoke.ts) or top-up (reloadly: modules/fulfilment/topup-smoke.ts)
// against the provider the environment configures, before opening for business. Never in npm test.

const usage = [
  'usage: npm run smoke -- --provider kbzpay|aplus|wave [--amount <MMK, default 100>] [--method mmqr|direct] [--minutes <1-15, default 5>] [--refund]',
  '       npm run smoke -- --provider reloadly --number <09…> [--amount <MMK, default 1000>]',
].join('\n');

interface Flags {
  provider?: string;
  amount?: string;
  method?: string;
  minutes?: string;
  refund?: boolean;
  number?: string;
}

function readFlags(): Flags {
  try {
    return parseArgs({
      options: {
        provider: { type: 'string' },
        amount: { type: 'string' },
        method: { type: 'string' },
        minutes: { type: 'string' },
        refund: { type: 'boolean' },
        number: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    return stop(`${(err as Error).message}\n${usage}`);
  }
}

function stop(message: string): never {
  console.error(message);
  process.exit(2);
}

/** A whole number of kyat (or minutes) within bounds, else the usage. */
function wholeNumber(text: string, min: number, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) stop(usage);
  return value;
}

const say = (line: string) => {
  console.log(line);
};

async function paymentSmoke(provider: string, flags: Flags): Promise<boolean> {
  const method = flags.method ?? 'mmqr';
  if (method !== 'mmqr' && method !== 'direct' && method !== 'aplus') stop(usage);
  const outcome = await runPaymentSmoke(
    {
      provider,
      amountMmk: wholeNumber(flags.amount ?? '100', 1, 100_000),
      method: method satisfies PayableMethod,
      windowSeconds: wholeNumber(flags.minutes ?? '5', 1, 15) * 60,
      pollEveryMs: 5_000,
      refund: flags.refund === true,
    },
    {
      env: process.env,
      publicUrl: (process.env.PUBLIC_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
      say,
    },
  );
  console.log(`smoke: ${outcome}`);
  return outcome === 'paid' || outcome === 'refunded' || outcome === 'created';
}

async function topupSmoke(flags: Flags): Promise<boolean> {
  if (!flags.number) stop(usage);
  const result = await runTopupSmoke(
    { number: flags.number, amountMmk: wholeNumber(flags.amount ?? '1000', 1, 100_000) },
    { env: process.env, say },
  );
  console.log(`smoke: ${result.status}`);
  return result.status === 'success';
}

const flags = readFlags();
if (!flags.provider) stop(usage);
try {
  const ok =
    flags.provider === 'reloadly'
      ? await topupSmoke(flags)
      : await paymentSmoke(flags.provider, flags);
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(`smoke failed: ${(err as Error).message}`);
  process.exit(1);
}
