import { randomUUID } from 'node:crypto';
import { validatePhone } from '@shop/contracts/phone';
import { createReloadlyTopupProvider, reloadlySettingsOrStop } from './providers/reloadly.ts';
import type { TopupResult } from './topup-provider.ts';

/**
 * `npm run smoke -- --provider reloadly --number 09… --amount 1000` (issue 28, "For the owner"):
 * one real top-up through the shop's own Reloadly adapter and the RELOADLY_* variables (the
 * sandbox host first: its top-ups reach no phone), before opening for business. Never part of
 * `npm test`; tested against the stand-in (topup-smoke.test.ts). The adapter does what it does
 * for an order line: detects the number's operator, looks the key up, sends, polls the status.
 */

export interface TopupSmokeOptions {
  number: string;
  amountMmk: number;
}

export async function runTopupSmoke(
  options: TopupSmokeOptions,
  deps: { env: Record<string, string | undefined>; say: (line: string) => void },
): Promise<TopupResult> {
  const phone = validatePhone(options.number);
  if (!phone.valid) throw new Error(`--number ${options.number}: ${phone.error.message}`);
  const provider = createReloadlyTopupProvider(reloadlySettingsOrStop(deps.env));
  const key = `smoke-${randomUUID()}`;
  deps.say(
    `reloadly: a ${String(options.amountMmk)} MMK top-up to ${phone.international} (${phone.operator}), key ${key}`,
  );
  const started = performance.now();
  const result = await provider.send({
    idempotencyKey: key,
    kind: 'topup',
    msisdn: phone.international,
    operator: phone.operator,
    productCode: 'SMOKE',
    quantity: 1,
    amountMmk: options.amountMmk,
    dataMb: null,
  });
  deps.say(
    `${result.status} in ${String(Math.round(performance.now() - started))} ms: ${result.message} (transaction ${result.reference})`,
  );
  return result;
}
