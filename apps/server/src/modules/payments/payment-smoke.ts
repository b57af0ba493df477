import QRCode from 'qrcode';
import { randomBase32 } from '../orders/orders.service.ts';
import type { Acquirer, PayableMethod, ProviderPaymentStatus } from './acquirer.ts';
import { selectAcquirer } from './providers/index.ts';

/**
 * `npm run smoke -- --provider kbzpay` (issue 27, "For the owner"): one tiny real payment against
 * a provider's host (UAT first) with the shop's own adapter and the provider's variables from the
 * environment, before opening for business. Never part of `npm test` (it needs the provider and a
 * person to pay); its logic is tested against the stand-ins (payment-smoke.test.ts).
 *
 * It creates the payment, shows what the customer is given (the QR in the terminal, or the page
 * to open), and — where the provider has a status query — asks every few seconds until the
 * payment is paid, refused or its window ends; then, with --refund and a refund API configured,
 * gives the money back; a payment left unpaid is closed where the provider can.
 */

export interface SmokeOptions {
  provider: string;
  amountMmk: number;
  method: PayableMethod;
  /** How long the payment stays payable, and how long the smoke waits for it. */
  windowSeconds: number;
  pollEveryMs: number;
  refund: boolean;
}

export type SmokeOutcome = 'paid' | 'refunded' | 'failed' | 'expired' | 'created' | 'not_refunded';

export interface SmokeDeps {
  env: Record<string, string | undefined>;
  publicUrl: string;
  say: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

const defaultSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** The provider's adapter, or why it cannot be built (unknown name; variables missing). */
export function smokeAcquirer(provider: string, deps: Pick<SmokeDeps, 'env' | 'publicUrl'>) {
  const acquirer = selectAcquirer({ provider, env: deps.env, publicUrl: deps.publicUrl });
  if (!acquirer)
    throw new Error(
      `--provider ${provider}: not an outside acquirer (kbzpay, aplus, wave); the sandbox needs no smoke test`,
    );
  return acquirer;
}

/** What the customer is given: the QR drawn in the terminal, or the page to open. */
async function showInstruction(
  say: SmokeDeps['say'],
  instruction: { paymentQrCode: string | null; paymentUrl: string | null; payload: string },
) {
  if (instruction.paymentQrCode) {
    say('Scan this MM QR with the wallet app (UAT app for a UAT host):');
    say(await QRCode.toString(instruction.paymentQrCode, { type: 'terminal', small: true }));
    say(`QR payload: ${instruction.paymentQrCode}`);
  } else if (instruction.paymentUrl) {
    say(`Open this page and pay: ${instruction.paymentUrl}`);
  } else {
    say(`Approve the request in the wallet app (token ${instruction.payload}).`);
  }
}

/** Asks the provider until the payment is settled or the window (and a minute) has passed. */
async function waitForOutcome(
  query: NonNullable<Acquirer['queryPayment']>,
  payment: { reference: string; amountMmk: number; createdAt: Date; expiresAt: Date },
  deps: Required<Pick<SmokeDeps, 'say' | 'sleep' | 'now'>>,
  pollEveryMs: number,
): Promise<ProviderPaymentStatus['status']> {
  const giveUpAt = payment.expiresAt.getTime() + 60_000;
  let last: ProviderPaymentStatus['status'] | null = null;
  for (;;) {
    const { status } = await query(payment).catch((err: unknown) => {
      deps.say(
        `status query failed (asked again): ${err instanceof Error ? err.message : String(err)}`,
      );
      return { status: 'unknown' as const };
    });
    if (status !== last) deps.say(`status: ${status}`);
    last = status;
    if (status === 'paid' || status === 'failed' || status === 'expired') return status;
    if (deps.now().getTime() >= giveUpAt) return 'expired';
    await deps.sleep(pollEveryMs);
  }
}

export async function runPaymentSmoke(
  options: SmokeOptions,
  deps: SmokeDeps,
): Promise<SmokeOutcome> {
  const say = deps.say;
  const sleep = deps.sleep ?? defaultSleep;
  const now = deps.now ?? (() => new Date());
  const acquirer = smokeAcquirer(options.provider, deps);
  if (!acquirer.methods.includes(options.method))
    throw new Error(
      `${acquirer.name} does not collect ${options.method} (it collects ${acquirer.methods.join(', ')})`,
    );
  const createdAt = now();
  const payment = {
    reference: `P${randomBase32(19)}`,
    amountMmk: options.amountMmk,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + options.windowSeconds * 1000),
  };
  say(
    `${acquirer.name}: creating a ${String(options.amountMmk)} MMK ${options.method} payment ${payment.reference}`,
  );
  const started = performance.now();
  const instruction = await acquirer.createPayment({
    method: options.method,
    reference: payment.reference,
    orderNumber: `SMOKE-${payment.reference.slice(1, 9)}`,
    amountMmk: options.amountMmk,
    now: createdAt,
    expiresAt: payment.expiresAt,
  });
  say(`created in ${String(Math.round(performance.now() - started))} ms`);
  await showInstruction(say, instruction);

  if (!acquirer.queryPayment) {
    say(
      `${acquirer.name} has no status query: its callback goes to ${deps.publicUrl}/api/v1/payments/webhook/${acquirer.name}; check the outcome there or on the merchant portal.`,
    );
    return 'created';
  }
  const status = await waitForOutcome(
    (asked) =>
      acquirer.queryPayment?.(asked) ?? Promise.resolve({ status: 'unknown', event: null }),
    payment,
    { say, sleep, now },
    options.pollEveryMs,
  );
  if (status !== 'paid') {
    await acquirer.cancelPayment?.(payment.reference).catch(() => undefined);
    say(`not paid (${status})${acquirer.cancelPayment ? '; closed at the provider' : ''}`);
    return status === 'failed' ? 'failed' : 'expired';
  }
  say('paid');
  if (!options.refund) return 'paid';
  if (!acquirer.refund) {
    say(
      `${acquirer.name} has no refund API configured here: give the money back from the merchant portal.`,
    );
    return 'not_refunded';
  }
  const refunded = await acquirer.refund({
    reference: payment.reference,
    refundId: randomBase32(32).toLowerCase(),
    amountMmk: options.amountMmk,
    reason: 'smoke test',
  });
  say(`refund: ${refunded.status}${'reason' in refunded ? ` (${refunded.reason})` : ''}`);
  return refunded.status === 'refunded' || refunded.status === 'pending'
    ? 'refunded'
    : 'not_refunded';
}
