import { afterEach, describe, expect, it } from 'vitest';
import { startReloadlyStandin, type ReloadlyStandin } from '../../test/standins/reloadly.ts';
import { runTopupSmoke } from './topup-smoke.ts';

/** `npm run smoke -- --provider reloadly` (topup-smoke.ts) against the Reloadly stand-in. */

let rld: ReloadlyStandin | null = null;
afterEach(async () => {
  await rld?.close();
  rld = null;
});

describe('npm run smoke -- --provider reloadly', () => {
  it('one top-up to the number, on the operator Reloadly detects, with a key of its own', async () => {
    rld = await startReloadlyStandin();
    const lines: string[] = [];
    const result = await runTopupSmoke(
      { number: '09 250 123 457', amountMmk: 1000 },
      { env: rld.env, say: (line) => lines.push(line) },
    );
    expect(result.status).toBe('success');
    expect(rld.transactions).toHaveLength(1);
    expect(rld.transactions[0]).toMatchObject({
      number: '959250123457',
      amount: 1000,
      operatorName: 'MPT Myanmar',
      status: 'SUCCESSFUL',
    });
    expect(rld.transactions[0]?.customIdentifier).toMatch(/^smoke/);
    expect(lines.join('\n')).toContain('(MPT)');
  });

  it('refuses a number that is not a Myanmar mobile number before anything is sent', async () => {
    rld = await startReloadlyStandin();
    await expect(
      runTopupSmoke({ number: '12345', amountMmk: 1000 }, { env: rld.env, say: () => undefined }),
    ).rejects.toThrow(/--number 12345/);
    expect(rld.transactions).toHaveLength(0);
  });

  it('names missing variables, never a value', async () => {
    const attempt = runTopupSmoke(
      { number: '09250123457', amountMmk: 1000 },
      { env: { RELOADLY_CLIENT_SECRET: 'a-secret-value' }, say: () => undefined },
    );
    await expect(attempt).rejects.toThrow(/RELOADLY_CLIENT_ID: missing/);
    await expect(attempt).rejects.not.toThrow(/a-secret-value/);
  });
});
