import fs from 'node:fs';
import type { ErrorBody } from '@shop/contracts/errors';
import { describe, expect, it, vi } from 'vitest';
import type { KbzStandin } from './standins/kbzpay.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { selectAcquirers } from '../modules/payments/providers/index.ts';
import { openStandin } from './app-kit.ts';
import {
  addMptTopUp,
  call,
  callbackThroughInject,
  initialize,
  openShopTest,
  paymentRowsOf,
  signedIn,
  type ShopTest,
} from './checkout-kit.ts';

/*
 * The kit of the tests of a real acquirer behind its stand-in (KBZPay, Wave; issue 27): the
 * shop wired to the stand-in, a start refused for its variables, the signature vectors computed by
 * hand, and a checkout whose payment create the acquirer refuses or never answers. Written to be
 * read through its name: `import * as acquirer from '…/acquirer-kit.ts'`, `acquirer.openShop(…)`.
 */

/** An acquirer's signature vectors (`providers/<acquirer>.vectors.json`, computed by hand). */
export function vectors(acquirer: 'kbzpay' | 'wave'): unknown {
  const file = new URL(`../modules/payments/providers/${acquirer}.vectors.json`, import.meta.url);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * A signed-in customer's initialised order for a 1,000 Ks MPT top-up, not yet completed:
 * `complete()` asks to pay it by `paymentMethod` (as often as the test wants).
 */
async function orderBeforeCreate(s: ShopTest, paymentMethod: 'mmqr' | 'direct') {
  const user = await signedIn(s);
  await addMptTopUp(s, user.headers);
  const order = await initialize(s, user.headers);
  const complete = () =>
    call(s, 'POST', '/api/v1/checkout/complete', user.headers, {
      sessionId: order.orderId,
      paymentMethod,
    });
  return { user, order, complete };
}

/**
 * A shop that takes payments through an acquirer's stand-in, for the surrounding describe block:
 * the stand-in starts first and sends its callbacks to the shop through inject; the shop starts on
 * PAYMENT_PROVIDER, the stand-in's env, then `env`. Read both once the tests run.
 */
export function openShop<Standin extends StandinWithEnv>(
  provider: 'kbzpay' | 'wave',
  start: (sendCallback: ReturnType<typeof callbackThroughInject>) => Promise<Standin>,
  env: Record<string, string> = {},
) {
  const standin = openStandin(() => start(callbackThroughInject(() => s)));
  const s = openShopTest(() => ({ PAYMENT_PROVIDER: provider, ...standin().env, ...env }));
  return { standin, s };
}

interface StandinWithEnv {
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * The answer to a payment create the acquirer refused or never answered: a clean 503, and nothing
 * half made (the order has no payment).
 */
async function expectCreateFailedCleanly(
  s: ShopTest,
  orderId: string,
  res: { statusCode: number; body: string },
) {
  expect(res.statusCode, res.body).toBe(503);
  expect((JSON.parse(res.body) as ErrorBody).message).toBe(
    'Payment is temporarily unavailable. Please try again later.',
  );
  expect(await paymentRowsOf(s, orderId)).toHaveLength(0);
}

/**
 * The describe block of an acquirer's configuration: a start on PAYMENT_PROVIDER=`provider` with
 * only `env` of its variables is refused with `problems` (see expectStartRefused).
 */
export function describeStartRefused(
  provider: 'kbzpay' | 'wave',
  env: Record<string, string>,
  problems: string[],
) {
  describe(`PAYMENT_PROVIDER=${provider} configuration`, () => {
    it('a start without its variables stops with the list of them, never a value', () => {
      expectStartRefused({ PAYMENT_PROVIDER: provider, ...env }, problems);
    });
  });
}

/**
 * Checks that a start with these variables is stopped with each of `problems` ("NAME: missing",
 * "NAME: malformed") and shows none of the values given (a key must not reach a log).
 */
function expectStartRefused(env: Record<string, string>, problems: string[]) {
  const message = paymentProviderStartError(env);
  for (const problem of problems) expect(message).toContain(problem);
  for (const [name, value] of Object.entries(env))
    if (name !== 'PAYMENT_PROVIDER') expect(message).not.toContain(value);
}

/**
 * What a start with these variables says is wrong with its PAYMENT_PROVIDER (ADR 0058): the
 * ConfigError's message as main.ts prints it, before the database is touched. Throws if the
 * start would go on.
 */
export function paymentProviderStartError(env: Record<string, string>): string {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/provider-config-test', ...env });
  try {
    selectAcquirers({
      providers: config.paymentProviders,
      env: config.paymentProviderEnv,
      publicUrl: config.publicUrl,
    });
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('the start was not stopped');
}

/** A fault an acquirer's stand-in puts on its payment create while it is on. */
export interface CreateFault {
  on(): void;
  off(): void;
  /** The create hangs: the shop gives up on it within 11.5 s. */
  slow?: boolean;
}

/**
 * A checkout of a 1,000 Ks top-up paid by `paymentMethod` while each fault is on in turn: each is
 * a clean 503 (a slow one within 11.5 s) with nothing half made; with the faults off, it is made.
 */
export async function expectCreateFaultsClean(
  s: ShopTest,
  paymentMethod: 'mmqr' | 'direct',
  faults: CreateFault[],
) {
  const { order, complete } = await orderBeforeCreate(s, paymentMethod);
  for (const fault of faults) {
    fault.on();
    const startedAt = performance.now();
    const res = await complete();
    const waited = performance.now() - startedAt;
    fault.off();
    await expectCreateFailedCleanly(s, order.orderId, res);
    if (fault.slow) expect(waited).toBeLessThan(11_500);
  }
  const ok = await complete();
  expect(ok.statusCode, ok.body).toBe(200);
}

/**
 * The buyer cancels a KBZPay payment or asks for a new QR (`action`): answered 200 without waiting
 * on KBZ, which then sees the payment's order closed.
 */
export async function closeAtKbz(
  s: ShopTest,
  kbz: () => KbzStandin,
  pending: { user: { headers: Record<string, string> }; order: { orderId: string } },
  reference: string,
  action: 'cancel-payment' | 'regenerate-qr',
) {
  const res = await call(
    s,
    'PUT',
    `/api/v1/orders/${pending.order.orderId}/${action}`,
    pending.user.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  await vi.waitFor(() => {
    expect(kbz().order(reference).status).toBe('ORDER_CLOSED');
  });
}
